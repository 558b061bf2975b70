import {
  browseQuery,
  browseResponse,
  createShareRequest,
  messageResponse,
  methodOverride,
  revokeSharesRequest,
  shareEmailRequest,
  shareQrResponse,
  shareResource,
  updateShareRequest,
  type BrowseResponse,
  type MessageResponse,
  type ShareResource,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { publicUrl } from '../auth/index.js';
import { requireUser } from '../access/index.js';
import { listing, presentingFor } from '../files/index.js';
import { presentShare } from './share.presenter.js';
import { sharedItemsPhase } from './shares.repository.js';
import { changeShare, createShare, mailShare, ownShareOrThrow, revokeShares, shareQr } from './shares.usecases.js';

const tokenParams = z.object({ token: z.string().min(1).max(100) });
const pageQuery = browseQuery.pick({ page: true, per_page: true, cursor: true });

/** The owner's side of share links (spec §7): create, read, change, revoke, mail, QR, list. */
export function shareOwnerRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/share',
    { config: { access: 'user' }, schema: { body: createShareRequest, response: { 201: shareResource } } },
    async (request, reply) => reply.code(201).send(await createShare(ctx, requireUser(request), request.body)),
  );

  app.get(
    '/api/share/:token',
    { config: { access: 'user' }, schema: { params: tokenParams, response: { 200: shareResource } } },
    async (request): Promise<ShareResource> => {
      const { share } = await ownShareOrThrow(ctx, requireUser(request), request.params.token);
      return presentShare(share, await publicUrl(ctx));
    },
  );

  // The reference client sends POST with `_method: 'patch'`.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/share/:token',
    config: { access: 'user' },
    schema: { params: tokenParams, body: updateShareRequest, response: { 200: shareResource } },
    handler: async (request): Promise<ShareResource> =>
      changeShare(ctx, requireUser(request), request.params.token, request.body),
  });

  // The reference client posts to /api/share/revoke with `_method: 'delete'`.
  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/share/revoke',
    config: { access: 'user' },
    schema: { body: revokeSharesRequest, response: { 200: messageResponse } },
    handler: async (request): Promise<MessageResponse> => {
      await revokeShares(ctx, requireUser(request), request.body.tokens);
      return { type: 'success', message: 'The items are no longer shared.' };
    },
  });

  app.delete(
    '/api/share/:token',
    {
      config: { access: 'user' },
      schema: { params: tokenParams, body: methodOverride, response: { 200: messageResponse } },
    },
    async (request): Promise<MessageResponse> => {
      await revokeShares(ctx, requireUser(request), [request.params.token]);
      return { type: 'success', message: 'The item is no longer shared.' };
    },
  );

  app.post(
    '/api/share/:token/email',
    {
      config: { access: 'user' },
      schema: { params: tokenParams, body: shareEmailRequest, response: { 200: messageResponse } },
    },
    async (request): Promise<MessageResponse> => {
      await mailShare(ctx, requireUser(request), request.params.token, request.body.emails);
      return { type: 'success', message: 'The link was sent.' };
    },
  );

  app.get(
    '/api/share/:token/qr',
    { config: { access: 'user' }, schema: { params: tokenParams, response: { 200: shareQrResponse } } },
    async (request) => ({ data: { svg: await shareQr(ctx, requireUser(request), request.params.token) } }),
  );

  app.get(
    '/api/browse/share',
    { config: { access: 'user' }, schema: { querystring: pageQuery, response: { 200: browseResponse } } },
    async (request): Promise<BrowseResponse> => {
      const user = requireUser(request);
      const phase = await sharedItemsPhase(ctx.db, user.id);
      return listing(ctx, presentingFor({ kind: 'user', user }), null, [phase], request.query, 'shared');
    },
  );
}
