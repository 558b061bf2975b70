import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { randomToken, safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { cookieSecure } from './sessions.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The form field carrying the token on routes a plain HTML form posts to (`config.xsrfInBody`). */
export const XSRF_FIELD = '_token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes the token in the `_token` field of its body (a download a hidden form
     * posts: a form cannot set headers) and checks it with `checkXsrfField` once the body is parsed.
     */
    xsrfInBody?: boolean;
    /**
     * A provider's server calls the route (a payment webhook): no browser, no cookies, so no XSRF
     * token; the route proves the sender by the provider's own signature instead.
     */
    serverToServer?: boolean;
  }
}
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
    // A bearer request carries no cookie authority to forge (bearer.ts, ADR 0032).
    if (request.accessToken || request.routeOptions.config.serverToServer) return;
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
    if (request.routeOptions.config.xsrfInBody && header === undefined) return;
    assertXsrf(cookie, Array.isArray(header) ? header[0] : header);
  };
}

function assertXsrf(cookie: string | undefined, sent: string | undefined) {
  if (!cookie || !sent || !safeEqual(safeDecode(sent), cookie)) {
    throw new AppError(419, 'csrf.token_mismatch', 'Your session has expired. Reload the page and try again.');
  }
}

/**
 * preValidation of a `xsrfInBody` route: the same double-submit check, with the token from the
 * parsed body when no header brought it (a header, when sent, was already checked).
 */
export async function checkXsrfField(request: FastifyRequest) {
  if (request.accessToken) return;
  if (request.headers[XSRF_HEADER] !== undefined) return;
  const body = request.body as Record<string, unknown> | undefined;
  const field = body?.[XSRF_FIELD];
  assertXsrf(request.cookies[XSRF_COOKIE], typeof field === 'string' ? field : undefined);
}
