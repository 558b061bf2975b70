import {
  itemsResponse,
  messageResponse,
  methodOverride,
  removeRequest,
  removeResponse,
  restoreRequest,
  type ItemsResponse,
  type MessageResponse,
  type RemoveResponse,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { removeAs } from './handlers.js';
import { presentingFor, type Actor } from './access.js';
import { presentItems } from './item.presenter.js';
import { emptyTrash, restoreItems } from './trash.usecases.js';

/** Trash, restore, delete forever and empty the trash (spec §7, ADR 0005). */
export function trashRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/remove',
    { config: { access: 'user' }, schema: { body: removeRequest, response: { 200: removeResponse } } },
    async (request): Promise<RemoveResponse> =>
      removeAs(ctx, { kind: 'user', user: requireUser(request) }, request.body),
  );

  app.post(
    '/api/trash/restore',
    { config: { access: 'user' }, schema: { body: restoreRequest, response: { 200: itemsResponse } } },
    async (request): Promise<ItemsResponse> => {
      const actor: Actor = { kind: 'user', user: requireUser(request) };
      const rows = await restoreItems(ctx.db, actor, request.body.to_home, request.body.items);
      return { data: await presentItems(ctx, rows, presentingFor(actor)) };
    },
  );

  // The reference client sends POST with `_method: 'delete'`.
  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/trash/dump',
    config: { access: 'user' },
    schema: { body: methodOverride, response: { 200: messageResponse } },
    handler: async (request): Promise<MessageResponse> => {
      await emptyTrash(ctx, { kind: 'user', user: requireUser(request) });
      return { type: 'success', message: 'Your trash was successfully cleared.' };
    },
  });
}
