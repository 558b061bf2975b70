import { remoteUploadRequest, remoteUploadResource, uuid } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { remoteUploadStatus, startRemoteUpload } from './remote-uploads.usecases.js';

/** The signed-in user's remote upload (spec §7 `POST /api/upload/remote`) and its batch's progress. */
export function remoteUploadsRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/upload/remote',
    { config: { access: 'user' }, schema: { body: remoteUploadRequest, response: { 201: remoteUploadResource } } },
    async (request, reply) => {
      const actor = { kind: 'user' as const, user: requireUser(request) };
      return reply.code(201).send(await startRemoteUpload(ctx, actor, request.body));
    },
  );

  app.get(
    '/api/upload/remote/:batchId',
    {
      config: { access: 'user' },
      schema: { params: z.object({ batchId: uuid }), response: { 200: remoteUploadResource } },
    },
    async (request) => remoteUploadStatus(ctx, { kind: 'user', user: requireUser(request) }, request.params.batchId),
  );
}
