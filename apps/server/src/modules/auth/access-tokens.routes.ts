import {
  accessTokenIdParams,
  accessTokenList,
  createAccessTokenRequest,
  createdAccessToken,
  messageResponse,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { createAccessToken, listAccessTokens, presentAccessToken, revokeAccessToken } from './access-tokens.js';
import { requireSession } from '../access/index.js';
import { assertPassword } from './security.routes.js';
import { requireRecentSignIn } from './sessions.js';

/**
 * The signed-in user's personal access tokens (ADR 0032): list, create (the secret once), revoke;
 * from the browser's session only, and creating one asks for the password (or, without one, a recent
 * sign-in): a token outlives the session that made it (ADR 0062).
 */
export function accessTokenRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/user/tokens',
    { config: { access: 'session' }, schema: { response: { 200: accessTokenList } } },
    async (request) => {
      const user = requireSession(request);
      return { data: (await listAccessTokens(ctx.db, user.id)).map(presentAccessToken) };
    },
  );

  app.post(
    '/api/user/tokens',
    {
      config: { access: 'session' },
      schema: { body: createAccessTokenRequest, response: { 201: createdAccessToken } },
    },
    async (request, reply) => {
      const user = requireSession(request);
      const { name, scope, password } = request.body;
      // No token mints a token: the session gate refused them all (ADR 0062). A session alone does
      // not either: it proves the password, or a sign-in of the last minutes on an account without one.
      if (user.passwordHash !== null) await assertPassword(ctx, request, user, password ?? '');
      else {
        await requireRecentSignIn(
          ctx,
          request,
          'To create an access token, sign in again first: it can be created only within 15 minutes of signing in.',
        );
      }
      const { row, secret } = await createAccessToken(ctx.db, user, name, scope);
      return reply.status(201).send({ data: presentAccessToken(row), plainTextToken: secret });
    },
  );

  app.delete(
    '/api/user/tokens/:id',
    { config: { access: 'session' }, schema: { params: accessTokenIdParams, response: { 200: messageResponse } } },
    async (request) => {
      const user = requireSession(request);
      await revokeAccessToken(ctx.db, user.id, request.params.id);
      return { type: 'success' as const, message: 'The access token was revoked.' };
    },
  );
}
