import {
  browseQuery,
  browseResponse,
  createFolderRequest,
  folderIdParam,
  folderResource,
  itemResource,
  itemsResponse,
  looseBoolean,
  messageResponse,
  moveRequest,
  navigationLevelResponse,
  navigationResponse,
  remoteUploadRequest,
  remoteUploadResource,
  removeRequest,
  renameRequest,
  uuid,
  type BrowseResponse,
  type ItemResource,
  type ItemsResponse,
  type MessageResponse,
  type NavigationLevelResponse,
  type NavigationResponse,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { downloadFile } from '../downloads/index.js';
import {
  browseFolder,
  createFolderAs,
  moveAs,
  navigationLevelOf,
  navigationOf,
  removeAs,
  renameAs,
} from '../files/index.js';
import { sendThumbnail, thumbnailSizeParam } from '../thumbnails/index.js';
import { remoteUploadStatus, startRemoteUpload } from '../remote-uploads/index.js';
import {
  BULK_MULTIPART_LIMITS,
  cancelUpload,
  receiveBulkUpload,
  receiveUpload,
  uploadRoutesScope,
} from '../uploads/index.js';
import { recordRequestUpload } from './file-requests.usecases.js';
import { requestToken } from './file-requests.routes.js';
import { openRequest, type OpenedRequest } from './request-access.js';

const tokenParams = z.object({ token: requestToken });
const itemParams = z.object({ token: requestToken, id: uuid });

/**
 * What a guest does with an open request (spec §7 `/api/file-request/{token}/…`), all inside the
 * request's folder and in its owner's storage: browse, upload, make folders, rename, move, remove
 * (to the owner's trash), download and thumbnails. A closed request answers 410.
 */
export function fileRequestGuestRoutes(app: TypedApp, ctx: AppContext) {
  const actorOf = async (token: string) => (await openRequest(ctx, token)).actor;

  app.get(
    '/api/file-request/:token/browse/:id?',
    {
      config: { access: 'link' },
      schema: {
        params: z.object({ token: requestToken, id: folderIdParam.optional() }),
        querystring: browseQuery,
        response: { 200: browseResponse },
      },
    },
    async (request): Promise<BrowseResponse> =>
      browseFolder(ctx, await actorOf(request.params.token), request.params.id, request.query),
  );

  app.get(
    '/api/file-request/:token/navigation',
    { config: { access: 'link' }, schema: { params: tokenParams, response: { 200: navigationResponse } } },
    async (request): Promise<NavigationResponse> => navigationOf(ctx, await actorOf(request.params.token)),
  );

  app.get(
    '/api/file-request/:token/navigation/:id',
    {
      config: { access: 'link' },
      schema: {
        params: z.object({ token: requestToken, id: folderIdParam }),
        response: { 200: navigationLevelResponse },
      },
    },
    async (request): Promise<NavigationLevelResponse> =>
      navigationLevelOf(ctx, await actorOf(request.params.token), request.params.id),
  );

  uploadRoutesScope(app, (scope) => {
    scope.post(
      '/api/file-request/:token/upload/chunks',
      { config: { access: 'link' }, schema: { params: tokenParams } },
      async (request, reply) => {
        let opened: OpenedRequest | undefined;
        const outcome = await receiveUpload(
          ctx,
          async () => {
            opened = await openRequest(ctx, request.params.token);
            return opened.actor;
          },
          request,
        );
        if (outcome.status === 201 && opened) await recordRequestUpload(ctx, opened);
        return reply.code(outcome.status).send(outcome.body);
      },
    );

    scope.delete(
      '/api/file-request/:token/upload/chunks/:uploadId',
      { config: { access: 'link' }, schema: { params: z.object({ token: requestToken, uploadId: uuid }) } },
      async (request, reply) => {
        await cancelUpload(ctx, await actorOf(request.params.token), request.params.uploadId);
        return reply.code(204).send();
      },
    );
  });

  // Many small files in one request (ADR 0075): the request is opened before any of the body is read.
  uploadRoutesScope(
    app,
    (scope) => {
      scope.post(
        '/api/file-request/:token/upload/bulk',
        { config: { access: 'link' }, schema: { params: tokenParams } },
        async (request) => {
          let opened: OpenedRequest | undefined;
          const { outcomes, made } = await receiveBulkUpload(
            ctx,
            async () => {
              opened = await openRequest(ctx, request.params.token);
              return opened.actor;
            },
            request,
          );
          if (made > 0 && opened) await recordRequestUpload(ctx, opened);
          return { data: outcomes };
        },
      );
    },
    BULK_MULTIPART_LIMITS,
  );

  app.post(
    '/api/file-request/:token/upload/remote',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: remoteUploadRequest, response: { 201: remoteUploadResource } },
    },
    async (request, reply) => {
      const { actor, request: fileRequest } = await openRequest(ctx, request.params.token);
      return reply.code(201).send(await startRemoteUpload(ctx, actor, request.body, fileRequest.token));
    },
  );

  app.get(
    '/api/file-request/:token/upload/remote/:batchId',
    {
      config: { access: 'link' },
      schema: { params: z.object({ token: requestToken, batchId: uuid }), response: { 200: remoteUploadResource } },
    },
    async (request) => remoteUploadStatus(ctx, await actorOf(request.params.token), request.params.batchId),
  );

  app.post(
    '/api/file-request/:token/create-folder',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: createFolderRequest, response: { 201: folderResource } },
    },
    async (request, reply) =>
      reply.code(201).send(await createFolderAs(ctx, await actorOf(request.params.token), request.body)),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/file-request/:token/rename/:id',
    config: { access: 'link' },
    schema: { params: itemParams, body: renameRequest, response: { 200: itemResource } },
    handler: async (request): Promise<ItemResource> =>
      renameAs(ctx, await actorOf(request.params.token), request.params.id, request.body),
  });

  app.post(
    '/api/file-request/:token/move',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: moveRequest, response: { 200: itemsResponse } },
    },
    async (request): Promise<ItemsResponse> => moveAs(ctx, await actorOf(request.params.token), request.body),
  );

  app.post(
    '/api/file-request/:token/remove',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: removeRequest, response: { 200: messageResponse } },
    },
    async (request): Promise<MessageResponse> => removeAs(ctx, await actorOf(request.params.token), request.body),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/file-request/:token/download/:id',
    config: { access: 'link' },
    schema: { params: itemParams, querystring: z.object({ inline: looseBoolean.optional() }) },
    handler: async (request, reply) =>
      downloadFile(ctx, await actorOf(request.params.token), request, reply, {
        id: request.params.id,
        inline: request.query.inline === true,
      }),
  });

  app.get(
    '/api/file-request/:token/thumbnail/:id/:size',
    {
      config: { access: 'link' },
      schema: { params: z.object({ token: requestToken, id: uuid, size: thumbnailSizeParam }) },
    },
    async (request, reply) => sendThumbnail(ctx, await actorOf(request.params.token), request, reply, request.params),
  );
}
