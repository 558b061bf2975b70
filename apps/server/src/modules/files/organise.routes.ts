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
import { requireUser } from '../auth/index.js';
import { readSettings } from '../settings/index.js';
import { presentItem, presentItems } from './item.presenter.js';
import { createFolder, moveItems, renameItem } from './organise.usecases.js';

/** Create folder, rename (with colour and emoji), move (spec §7). */
export function organiseRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/create-folder',
    { schema: { body: createFolderRequest, response: { 201: folderResource } } },
    async (request, reply) => {
      const user = requireUser(request);
      const folder = await createFolder(ctx.db, { kind: 'user', user }, await readSettings(ctx.db), request.body);
      const { data } = await presentItem(ctx.db, folder, { viewerId: user.id });
      if (data.type !== 'folder') throw new Error('create-folder made a file');
      return reply.code(201).send({ data });
    },
  );

  // The reference client sends POST with `_method: 'patch'`; PATCH is the honest verb.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/rename/:id',
    schema: { params: z.object({ id: uuid }), body: renameRequest, response: { 200: itemResource } },
    handler: async (request): Promise<ItemResource> => {
      const user = requireUser(request);
      const row = await renameItem(ctx.db, { kind: 'user', user }, request.params.id, request.body);
      return presentItem(ctx.db, row, { viewerId: user.id });
    },
  });

  app.post(
    '/api/move',
    { schema: { body: moveRequest, response: { 200: itemsResponse } } },
    async (request): Promise<ItemsResponse> => {
      const user = requireUser(request);
      const rows = await moveItems(ctx.db, { kind: 'user', user }, request.body.to_id, request.body.items);
      return { data: await presentItems(ctx.db, rows, { viewerId: user.id }) };
    },
  );
}
