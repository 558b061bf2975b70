import {
  accessTokenIdParams,
  accessTokenList,
  createAccessTokenRequest,
  createdAccessToken,
  messageResponse,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { createAccessToken, listAccessTokens, presentAccessToken, revokeAccessToken } from './access-tokens.js';
import { requireUser } from '../access/index.js';

/** The signed-in user's personal access tokens (ADR 0032): list, create (the secret once), revoke. */
export function accessTokenRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/user/tokens',
    { config: { access: 'session' }, schema: { response: { 200: accessTokenList } } },
    async (request) => {
      const user = requireUser(request);
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
      const user = requireUser(request);
      const { name, scope } = request.body;
      // A token cannot mint a token that reaches further than itself.
      if (scope === 'admin' && request.accessToken && request.accessToken.scope !== 'admin') {
        throw new AppError(403, 'auth.token_scope', 'Only a token with the admin scope can create another one.');
      }
      const { row, secret } = await createAccessToken(ctx.db, user, name, scope);
      return reply.status(201).send({ data: presentAccessToken(row), plainTextToken: secret });
    },
  );

  app.delete(
    '/api/user/tokens/:id',
    { config: { access: 'session' }, schema: { params: accessTokenIdParams, response: { 200: messageResponse } } },
    async (request) => {
      const user = requireUser(request);
      await revokeAccessToken(ctx.db, user.id, request.params.id);
      return { type: 'success' as const, message: 'The access token was revoked.' };
    },
  );
}
