import {
  createFolderRequest,
  folderResource,
  itemResource,
  itemsResponse,
  moveRequest,
  renameRequest,
  uuid,
  type ItemResource,
  type ItemsResponse,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { createFolderAs, moveAs, renameAs } from './handlers.js';

/** Create folder, rename (with colour and emoji), move (spec §7). */
export function organiseRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/create-folder',
    { config: { access: 'user' }, schema: { body: createFolderRequest, response: { 201: folderResource } } },
    async (request, reply) => {
      const folder = await createFolderAs(ctx, { kind: 'user', user: requireUser(request) }, request.body);
      return reply.code(201).send(folder);
    },
  );

  // The reference client sends POST with `_method: 'patch'`; PATCH is the honest verb.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/rename/:id',
    config: { access: 'user' },
    schema: { params: z.object({ id: uuid }), body: renameRequest, response: { 200: itemResource } },
    handler: async (request): Promise<ItemResource> =>
      renameAs(ctx, { kind: 'user', user: requireUser(request) }, request.params.id, request.body),
  });

  app.post(
    '/api/move',
    { config: { access: 'user' }, schema: { body: moveRequest, response: { 200: itemsResponse } } },
    async (request): Promise<ItemsResponse> => moveAs(ctx, { kind: 'user', user: requireUser(request) }, request.body),
  );
}
