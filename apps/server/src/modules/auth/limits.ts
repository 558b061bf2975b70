import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { tooManyAttempts } from '../../lib/errors.js';

const MINUTE = 60_000;

/**
 * Password guesses: 5 a minute per email and address (issue 2). Each attempt is counted before its
 * password is checked, so 200 attempts sent at once still get 5 checks; a success resets the count,
 * so only failures hold anyone back.
 */
export const loginKey = (request: FastifyRequest, email: string) => `login:${email}:${request.ip}`;
export const LOGIN_LIMIT = 5;

export async function countLoginAttempt(ctx: AppContext, key: string): Promise<void> {
  const result = await ctx.rateLimiter.hit(key, LOGIN_LIMIT, MINUTE);
  if (!result.allowed) throw tooManyAttempts(result.retryAfter);
}

export async function forgetLoginAttempts(ctx: AppContext, key: string): Promise<void> {
  await ctx.rateLimiter.reset(key);
}

/** Sign-up, password recovery and reset: a few a minute per address, whatever the outcome. */
export async function limitPerAddress(
  ctx: AppContext,
  request: FastifyRequest,
  action: string,
  limit = 5,
): Promise<void> {
  const result = await ctx.rateLimiter.hit(`${action}:${request.ip}`, limit, MINUTE);
  if (!result.allowed) throw tooManyAttempts(result.retryAfter);
}
