import {
  browseQuery,
  browseResponse,
  fileResource,
  folderIdParam,
  looseBoolean,
  navigationLevelResponse,
  navigationResponse,
  publicShareResponse,
  shareAuthenticateRequest,
  uuid,
  zipForm,
  zipQuery,
  type BrowseResponse,
  type FileResource,
  type NavigationLevelResponse,
  type NavigationResponse,
  type PublicShareResponse,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { notFound } from '../../lib/errors.js';
import { downloadFile, downloadZip, zipFormOptions, zipFormRoutes } from '../downloads/index.js';
import { browseFolder, navigationLevelOf, navigationOf, presentItem, presentingFor } from '../files/index.js';
import { sendThumbnail, thumbnailSizeParam } from '../thumbnails/index.js';
import { presentPublicShare } from './share.presenter.js';
import { openShare, unlockShare } from './share-access.js';

export const shareToken = z.string().min(1).max(100);
const tokenParams = z.object({ token: shareToken });

/**
 * What anyone with a share link may do (spec §7 `/api/sharing/…/{token}`): no session needed, the
 * token is resolved to a link actor on every request, and the access policy keeps every id inside
 * the shared item.
 */
export function shareVisitorRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/sharing/:token',
    { config: { access: 'link' }, schema: { params: tokenParams, response: { 200: publicShareResponse } } },
    async (request): Promise<PublicShareResponse> =>
      presentPublicShare(ctx, await openShare(ctx, request, request.params.token, { allowLocked: true })),
  );

  app.post(
    '/api/sharing/authenticate/:token',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: shareAuthenticateRequest, response: { 200: publicShareResponse } },
    },
    async (request, reply): Promise<PublicShareResponse> => {
      const opened = await openShare(ctx, request, request.params.token, { allowLocked: true });
      await unlockShare(ctx, request, reply, opened.share, request.body.password);
      return presentPublicShare(ctx, { ...opened, unlocked: true });
    },
  );

  app.get(
    '/api/sharing/folders/:id/:token',
    {
      config: { access: 'link' },
      schema: {
        params: z.object({ id: folderIdParam, token: shareToken }),
        querystring: browseQuery,
        response: { 200: browseResponse },
      },
    },
    async (request): Promise<BrowseResponse> => {
      const { actor } = await openShare(ctx, request, request.params.token);
      return browseFolder(ctx, actor, request.params.id, request.query);
    },
  );

  app.get(
    '/api/sharing/navigation/:token',
    { config: { access: 'link' }, schema: { params: tokenParams, response: { 200: navigationResponse } } },
    async (request): Promise<NavigationResponse> =>
      navigationOf(ctx, (await openShare(ctx, request, request.params.token)).actor),
  );

  app.get(
    '/api/sharing/navigation/:token/:id',
    {
      config: { access: 'link' },
      schema: {
        params: z.object({ token: shareToken, id: folderIdParam }),
        response: { 200: navigationLevelResponse },
      },
    },
    async (request): Promise<NavigationLevelResponse> =>
      navigationLevelOf(ctx, (await openShare(ctx, request, request.params.token)).actor, request.params.id),
  );

  app.get(
    '/api/sharing/file/:token',
    { config: { access: 'link' }, schema: { params: tokenParams, response: { 200: fileResource } } },
    async (request): Promise<FileResource> => {
      const { actor, item } = await openShare(ctx, request, request.params.token);
      const { data } = await presentItem(ctx, item, presentingFor(actor));
      if (data.type !== 'file') throw notFound();
      return { data };
    },
  );

  // No automatic HEAD: Fastify would build the archive and read every byte to answer it.
  app.get(
    '/api/sharing/zip/:token',
    { config: { access: 'link' }, schema: { params: tokenParams, querystring: zipQuery }, exposeHeadRoute: false },
    async (request, reply) => {
      const { actor } = await openShare(ctx, request, request.params.token);
      return downloadZip(ctx, actor, request, reply, request.query);
    },
  );
  zipFormRoutes(app, (scope) => {
    scope.post(
      '/api/sharing/zip/:token',
      {
        ...zipFormOptions,
        config: { ...zipFormOptions.config, access: 'link' },
        schema: { params: tokenParams, body: zipForm },
      },
      async (request, reply) => {
        const { actor } = await openShare(ctx, request, request.params.token);
        return downloadZip(ctx, actor, request, reply, request.body);
      },
    );
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/sharing/download/:id/:token',
    config: { access: 'link' },
    schema: {
      params: z.object({ id: uuid, token: shareToken }),
      querystring: z.object({ inline: looseBoolean.optional() }),
    },
    handler: async (request, reply) => {
      const { actor } = await openShare(ctx, request, request.params.token);
      return downloadFile(ctx, actor, request, reply, { id: request.params.id, inline: request.query.inline === true });
    },
  });

  app.get(
    '/api/sharing/thumbnail/:id/:size/:token',
    {
      config: { access: 'link' },
      schema: { params: z.object({ id: uuid, size: thumbnailSizeParam, token: shareToken }) },
    },
    async (request, reply) => {
      const { actor } = await openShare(ctx, request, request.params.token);
      return sendThumbnail(ctx, actor, request, reply, request.params);
    },
  );
}
