import {
  browseQuery,
  browseResponse,
  folderIdParam,
  navigationLevelResponse,
  navigationResponse,
  type BrowseResponse,
  type NavigationLevelResponse,
  type NavigationResponse,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { authorizeFolder, presentingFor, type Actor } from './access.js';
import { latestPhases, trashFolderPhases, trashRootPhases } from './browse.repository.js';
import { browseFolder, listing, navigationLevelOf, navigationOf } from './handlers.js';
import { deletedAtOf } from './items.repository.js';
import type { Phase } from './paging.js';

const folderParams = z.object({ id: folderIdParam });
const pageQuery = browseQuery.pick({ page: true, per_page: true, cursor: true });

/** Listings of the signed-in user's tree: a folder, the latest files, the trash, the folder tree. */
export function browseRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/browse/folders/:id',
    {
      config: { access: 'user' },
      schema: { params: folderParams, querystring: browseQuery, response: { 200: browseResponse } },
    },
    async (request): Promise<BrowseResponse> =>
      browseFolder(ctx, { kind: 'user', user: requireUser(request) }, request.params.id, request.query),
  );

  app.get(
    '/api/browse/latest',
    { config: { access: 'user' }, schema: { querystring: pageQuery, response: { 200: browseResponse } } },
    async (request): Promise<BrowseResponse> => {
      const actor: Actor = { kind: 'user', user: requireUser(request) };
      const phases = await latestPhases(ctx.db, actor.user.id);
      return listing(ctx, presentingFor(actor), null, phases, request.query, 'latest');
    },
  );

  app.get(
    '/api/browse/trash/:id',
    {
      config: { access: 'user' },
      schema: { params: folderParams, querystring: browseQuery, response: { 200: browseResponse } },
    },
    async (request): Promise<BrowseResponse> => {
      const actor: Actor = { kind: 'user', user: requireUser(request) };
      const presenting = presentingFor(actor);
      const folder = await authorizeFolder(ctx.db, actor, 'view', request.params.id, { state: 'trashed' });
      if (!folder) {
        const phases = await trashRootPhases(ctx.db, actor.user.id);
        return listing(ctx, presenting, null, phases, request.query, 'trash');
      }
      const sort = request.query.sort ?? 'created_at';
      const direction = request.query.direction ?? 'DESC';
      // What is in the trash through a trashed folder shows when that folder was trashed.
      const deletedAt = folder.deletedAt ?? (await deletedAtOf(ctx.db, folder.trashedBy));
      const phases = trashFolderPhases(ctx.db, folder, sort, direction).map((p): Phase => ({
        ...p,
        fetch: async (...args) =>
          (await p.fetch(...args)).map((r) => ({ ...r, row: { ...r.row, deletedAt: r.row.deletedAt ?? deletedAt } })),
      }));
      const shown = { ...folder, deletedAt };
      return listing(ctx, presenting, shown, phases, request.query, `trash:${folder.id}:${sort}:${direction}`);
    },
  );

  app.get(
    '/api/browse/navigation',
    { config: { access: 'user' }, schema: { response: { 200: navigationResponse } } },
    async (request): Promise<NavigationResponse> => navigationOf(ctx, { kind: 'user', user: requireUser(request) }),
  );

  // One level of the tree (ADR 0072): what the navigator loads as a branch is opened.
  app.get(
    '/api/browse/navigation/:id',
    { config: { access: 'user' }, schema: { params: folderParams, response: { 200: navigationLevelResponse } } },
    async (request): Promise<NavigationLevelResponse> =>
      navigationLevelOf(ctx, { kind: 'user', user: requireUser(request) }, request.params.id),
  );
}
