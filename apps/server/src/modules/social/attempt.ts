import type { SocialProvider } from '@filestore/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { safeEqual } from '../../lib/crypto.js';
import { open, seal } from '../../lib/secret-box.js';
import { appKey, cookieSecure } from '../auth/index.js';
import { arctic, usesPkce } from './providers.js';

/**
 * One sign-in attempt at a provider, between the redirect and the callback (ADR 0035): the state
 * and the PKCE verifier, sealed under the app key (so the browser can neither read nor forge it)
 * in an httpOnly cookie only the callback paths see, good for ten minutes and used once. A cookie
 * rather than a row: any node can check it, and an abandoned attempt leaves nothing behind.
 */

export const ATTEMPT_COOKIE = 'filestore_social';
const COOKIE_PATH = '/socialite/';
const PURPOSE = 'social-sign-in';
export const ATTEMPT_TTL_MS = 10 * 60_000;

interface Attempt {
  provider: SocialProvider;
  state: string;
  verifier: string | null;
  expires: number;
}

/** Starts an attempt: answers its state and verifier, and sets the cookie that carries them. */
export async function startAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: SocialProvider,
): Promise<{ state: string; verifier: string | null }> {
  const { generateCodeVerifier, generateState } = await arctic();
  const attempt: Attempt = {
    provider,
    state: generateState(),
    verifier: usesPkce(provider) ? generateCodeVerifier() : null,
    expires: Date.now() + ATTEMPT_TTL_MS,
  };
  reply.setCookie(ATTEMPT_COOKIE, seal(await appKey(ctx), PURPOSE, JSON.stringify(attempt), ATTEMPT_COOKIE), {
    path: COOKIE_PATH,
    httpOnly: true,
    // The provider sends the browser back with a top-level GET, which Lax still carries.
    sameSite: 'lax',
    secure: cookieSecure(ctx, request),
    maxAge: ATTEMPT_TTL_MS / 1000,
  });
  return { state: attempt.state, verifier: attempt.verifier };
}

/**
 * The attempt this callback finishes, or null when there is none, it does not open, it was for
 * another provider, it expired, or the state sent back is not its own. The cookie goes either way.
 */
export async function takeAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: SocialProvider,
  state: string | undefined,
): Promise<{ verifier: string | null } | null> {
  const sealed = request.cookies[ATTEMPT_COOKIE];
  reply.clearCookie(ATTEMPT_COOKIE, { path: COOKIE_PATH });
  if (!sealed || sealed.length > 2000 || !state) return null;
  const plain = open(await appKey(ctx), PURPOSE, sealed, ATTEMPT_COOKIE);
  if (!plain) return null;
  let attempt: Attempt;
  try {
    attempt = JSON.parse(plain) as Attempt;
  } catch {
    return null;
  }
  if (attempt.provider !== provider || attempt.expires < Date.now()) return null;
  if (!safeEqual(attempt.state, state)) return null;
  return { verifier: attempt.verifier };
}
