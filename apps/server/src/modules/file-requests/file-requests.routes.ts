import { createFileRequest, fileRequestResource, methodOverride, type FileRequestResource } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { presentFileRequest } from './file-request.presenter.js';
import { closeFileRequest, createFileRequest as createRequest } from './file-requests.usecases.js';
import { findRequestOrThrow, openRequest } from './request-access.js';

export const requestToken = z.string().min(1).max(100);
const tokenParams = z.object({ token: requestToken });

/** Making an upload request (signed in), and the request as its guest sees it, until Done. */
export function fileRequestRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/file-request',
    { config: { access: 'user' }, schema: { body: createFileRequest, response: { 201: fileRequestResource } } },
    async (request, reply) => {
      const created = await createRequest(ctx, requireUser(request), request.body);
      return reply.code(201).send(await presentFileRequest(ctx, created, 'owner'));
    },
  );

  app.get(
    '/api/file-request/:token',
    { config: { access: 'link' }, schema: { params: tokenParams, response: { 200: fileRequestResource } } },
    async (request): Promise<FileRequestResource> =>
      presentFileRequest(ctx, await findRequestOrThrow(ctx, request.params.token), 'guest'),
  );

  // Done: the guest closes the request (the reference client sends DELETE).
  app.delete(
    '/api/file-request/:token',
    {
      config: { access: 'link' },
      schema: { params: tokenParams, body: methodOverride, response: { 200: fileRequestResource } },
    },
    async (request): Promise<FileRequestResource> => {
      const opened = await openRequest(ctx, request.params.token);
      return presentFileRequest(ctx, await closeFileRequest(ctx, opened), 'guest');
    },
  );
}
