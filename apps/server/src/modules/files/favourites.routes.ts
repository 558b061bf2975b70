import { favouritesRequest, messageResponse, methodOverride, uuid, type MessageResponse } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { validationFailed } from '../../lib/errors.js';
import { requireUser } from '../access/index.js';
import { authorize } from './access.js';
import { addFavourites, removeFavourite } from './favourites.repository.js';

const idParams = z.object({ id: uuid });

/** Starred folders (spec §4 favourite toggle); they are listed in GET /api/user. */
export function favouritesRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/favourites',
    { config: { access: 'user' }, schema: { body: favouritesRequest, response: { 201: messageResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      const refs = request.body.ids.map((id) => ({ id, type: 'folder' as const }));
      const folders = await authorize(ctx.db, { kind: 'user', user }, 'view', refs);
      await addFavourites(
        ctx.db,
        user.id,
        folders.map((f) => f.id),
      );
      return reply.code(201).send({ type: 'success', message: 'Added to favourites.' });
    },
  );

  app.route({
    // The reference client sends POST with `_method: 'delete'`.
    method: ['POST', 'DELETE'],
    url: '/api/favourites/:id',
    config: { access: 'user' },
    schema: { params: idParams, body: methodOverride, response: { 200: messageResponse } },
    handler: async (request): Promise<MessageResponse> => {
      const user = requireUser(request);
      if (request.method === 'POST' && request.body?._method?.toLowerCase() !== 'delete') {
        throw validationFailed({ _method: ['Send _method=delete to remove a favourite.'] });
      }
      // Any state: a trashed favourite can be unstarred too.
      await authorize(ctx.db, { kind: 'user', user }, 'view', [{ id: request.params.id, type: 'folder' }], {
        state: 'any',
      });
      await removeFavourite(ctx.db, user.id, request.params.id);
      return { type: 'success', message: 'Removed from favourites.' };
    },
  });
}
