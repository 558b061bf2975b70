import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { randomToken, safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { cookieSecure } from './sessions.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit cookie: a cross-site page can make the browser send our cookies but cannot read
 * XSRF-TOKEN to copy it into the header. Checked on every state-changing request, signed in or not,
 * which also stops login CSRF.
 */
/** A malformed header is simply a wrong token (419), never a crash. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

export function csrfHook(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: cookieSecure(ctx, request),
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookie || !sent || !safeEqual(safeDecode(sent), cookie)) {
      throw new AppError(419, 'csrf.token_mismatch', 'Your session has expired. Reload the page and try again.');
    }
  };
}
