import {
  createFolderRequest,
  folderResource,
  itemResource,
  itemsResponse,
  messageResponse,
  moveRequest,
  remoteUploadRequest,
  remoteUploadResource,
  removeRequest,
  renameRequest,
  uuid,
  type ItemResource,
  type ItemsResponse,
  type MessageResponse,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { createFolderAs, moveAs, removeAs, renameAs } from '../files/index.js';
import { remoteUploadStatus, startRemoteUpload } from '../remote-uploads/index.js';
import {
  BULK_MULTIPART_LIMITS,
  cancelUpload,
  receiveBulkUpload,
  receiveUpload,
  uploadRoutesScope,
} from '../uploads/index.js';
import { openShareForEditing } from './share-access.js';
import { shareToken } from './share-visitor.routes.js';

const tokenParams = z.object({ token: shareToken });

/**
 * What an editor link adds (a visitor link answers 403 `share.read_only`): uploads, new folders,
 * rename, move and remove, all inside the shared folder and in its owner's storage. Removing puts
 * items in the owner's trash, whatever the request asks.
 */
export function shareEditorRoutes(app: TypedApp, ctx: AppContext) {
  uploadRoutesScope(app, (scope) => {
    scope.post(
      '/api/sharing/upload/chunks/:token',
      { config: { access: 'link' }, schema: { params: tokenParams } },
      async (request, reply) => {
        const actor = async () => (await openShareForEditing(ctx, request, request.params.token, 'upload')).actor;
        const outcome = await receiveUpload(ctx, actor, request);
        return reply.code(outcome.status).send(outcome.body);
      },
    );

    scope.delete(
      '/api/sharing/upload/chunks/:uploadId/:token',
      { config: { access: 'link' }, schema: { params: z.object({ uploadId: uuid, token: shareToken }) } },
      async (request, reply) => {
        const { actor } = await openShareForEditing(ctx, request, request.params.token, 'upload');
        await cancelUpload(ctx, actor, request.params.uploadId);
        return reply.code(204).send();
      },
    );
  });

  // Many small files in one request (ADR 0075): the link is opened before any of the body is read.
  uploadRoutesScope(
    app,
    (scope) => {
      scope.post(
        '/api/sharing/upload/bulk/:token',
        { config: { access: 'link' }, schema: { params: tokenParams } },
        async (request) => {
          const actor = async () => (await openShareForEditing(ctx, request, request.params.token, 'upload')).actor;
          const { outcomes } = await receiveBulkUpload(ctx, actor, request);
          return { data: outcomes };
        },
      );
    },
    BULK_MULTIPART_LIMITS,
  );

  app.post(
    '/api/sharing/upload/remote/:token',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: remoteUploadRequest, response: { 201: remoteUploadResource } },
    },
    async (request, reply) => {
      const { actor, share } = await openShareForEditing(ctx, request, request.params.token, 'upload');
      return reply.code(201).send(await startRemoteUpload(ctx, actor, request.body, share.token));
    },
  );

  app.get(
    '/api/sharing/upload/remote/:batchId/:token',
    {
      config: { access: 'link' },
      schema: { params: z.object({ batchId: uuid, token: shareToken }), response: { 200: remoteUploadResource } },
    },
    async (request) => {
      const { actor } = await openShareForEditing(ctx, request, request.params.token, 'upload');
      return remoteUploadStatus(ctx, actor, request.params.batchId);
    },
  );

  app.post(
    '/api/sharing/create-folder/:token',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: createFolderRequest, response: { 201: folderResource } },
    },
    async (request, reply) => {
      const { actor } = await openShareForEditing(ctx, request, request.params.token, 'create');
      return reply.code(201).send(await createFolderAs(ctx, actor, request.body));
    },
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/sharing/rename/:id/:token',
    config: { access: 'link' },
    schema: {
      params: z.object({ id: uuid, token: shareToken }),
      body: renameRequest,
      response: { 200: itemResource },
    },
    handler: async (request): Promise<ItemResource> => {
      const { actor } = await openShareForEditing(ctx, request, request.params.token, 'rename');
      return renameAs(ctx, actor, request.params.id, request.body);
    },
  });

  app.post(
    '/api/sharing/move/:token',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: moveRequest, response: { 200: itemsResponse } },
    },
    async (request): Promise<ItemsResponse> => {
      const { actor } = await openShareForEditing(ctx, request, request.params.token, 'move');
      return moveAs(ctx, actor, request.body);
    },
  );

  app.post(
    '/api/sharing/remove/:token',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: removeRequest, response: { 200: messageResponse } },
    },
    async (request): Promise<MessageResponse> => {
      const { actor } = await openShareForEditing(ctx, request, request.params.token, 'trash');
      return removeAs(ctx, actor, request.body);
    },
  );
}
