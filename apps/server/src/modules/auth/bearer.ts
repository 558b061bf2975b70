import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { invalidToken, userFromAccessToken } from './access-tokens.js';

/**
 * The secret of an `Authorization: Bearer …` header: undefined without one, or when the header
 * uses another scheme (a proxy's Basic credentials are not ours to judge), '' when it is empty.
 */
function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^bearer(?:[ \t]+(.*))?$/is.exec(header.trim());
  if (!match) return undefined;
  return (match[1] ?? '').trim();
}

/**
 * Runs first on every request (ADR 0032). A request carrying a bearer token is authenticated by
 * that token alone: a token that is not live answers 401 `auth.invalid_token` whatever cookies
 * came with it, and a live one sets `request.user` as a session would, so every guard works
 * unchanged. Its cookies are dropped (no session, XSRF or share-unlock cookie acts for it), the
 * CSRF check and the session look-up skip it, and its answer sets no cookie: the credential is
 * the header, which a browser never sends on its own, so there is no ambient authority to forge.
 */
export function bearerHook(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const secret = bearerSecret(request);
    if (secret === undefined) return;
    const found = secret ? await userFromAccessToken(ctx, secret) : null;
    if (!found) {
      void reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw invalidToken();
    }
    request.cookies = {};
    request.user = found.user;
    request.accessToken = found.token;
  };
}

/** onSend: an answer to a bearer request never sets a cookie (no session, no XSRF token). */
export async function dropCookiesOfBearerAnswers(request: FastifyRequest, reply: FastifyReply) {
  if (request.accessToken) reply.removeHeader('set-cookie');
}
