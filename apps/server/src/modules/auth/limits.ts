import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { tooManyAttempts } from '../../lib/errors.js';

const MINUTE = 60_000;

/** Failed sign-ins: 5 a minute per email and address (issue 2). Only failures count. */
export const loginKey = (request: FastifyRequest, email: string) => `login:${email}:${request.ip}`;
export const LOGIN_LIMIT = 5;

export async function assertLoginAllowed(ctx: AppContext, key: string): Promise<void> {
  const state = await ctx.rateLimiter.peek(key, LOGIN_LIMIT);
  if (!state.allowed) throw tooManyAttempts(state.retryAfter);
}

export async function countLoginFailure(ctx: AppContext, key: string): Promise<void> {
  await ctx.rateLimiter.hit(key, LOGIN_LIMIT, MINUTE);
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
