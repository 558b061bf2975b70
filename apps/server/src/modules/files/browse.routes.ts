import {
  browseQuery,
  browseResponse,
  folderIdParam,
  navigationResponse,
  type BrowseQuery,
  type BrowseResponse,
  type NavigationResponse,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import type { Db } from '../../lib/db/database.js';
import { requireUser } from '../auth/index.js';
import { loadFolder, type Actor } from './access.js';
import { folderPhases, latestPhases, trashFolderPhases, trashRootPhases } from './browse.repository.js';
import { presentItem, presentItems } from './item.presenter.js';
import { folderPath } from './items.repository.js';
import type { ItemRow } from './items.table.js';
import { folderTree } from './navigation.js';
import { readPage, type Phase } from './paging.js';

const folderParams = z.object({ id: folderIdParam });
const pageQuery = browseQuery.pick({ page: true, per_page: true, cursor: true });

/** Ancestors, outermost first; inside the trash they start at the folder whose deletion put it there. */
async function breadcrumbs(db: Db, folder: ItemRow) {
  const path = await folderPath(db, folder.id);
  const start = folder.deletedAt ? path.findIndex((p) => p.id === folder.trashRootId) : -1;
  return start > 0 ? path.slice(start) : path;
}

async function listing(
  db: Db,
  viewerId: string,
  folder: ItemRow | null,
  phases: Phase[],
  query: BrowseQuery,
  name: string,
): Promise<BrowseResponse> {
  const { rows, paginate } = await readPage(phases, query, name);
  const parents = folder ? new Map([[folder.id, folder.name]]) : undefined;
  const root = folder ? await presentItem(db, folder, { viewerId }) : null;
  return {
    data: await presentItems(db, rows, { viewerId, parents }),
    meta: {
      root: root && root.data.type === 'folder' ? { data: root.data } : null,
      path: folder ? await breadcrumbs(db, folder) : [],
      paginate,
    },
  };
}

/** Listings of the signed-in user's tree: a folder, the latest files, the trash, the folder tree. */
export function browseRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/browse/folders/:id',
    { schema: { params: folderParams, querystring: browseQuery, response: { 200: browseResponse } } },
    async (request): Promise<BrowseResponse> => {
      const user = requireUser(request);
      const actor: Actor = { kind: 'user', user };
      const folder = await loadFolder(ctx.db, actor, request.params.id, { action: 'view' });
      const sort = request.query.sort ?? 'created_at';
      const direction = request.query.direction ?? 'DESC';
      const totals = folder
        ? { folders: folder.folderCount, files: folder.fileCount }
        : { folders: user.rootFolderCount, files: user.rootFileCount };
      const phases = folderPhases(ctx.db, { ownerId: user.id, parentId: folder?.id ?? null, sort, direction, totals });
      return listing(
        ctx.db,
        user.id,
        folder,
        phases,
        request.query,
        `folder:${folder?.id ?? 'root'}:${sort}:${direction}`,
      );
    },
  );

  app.get(
    '/api/browse/latest',
    { schema: { querystring: pageQuery, response: { 200: browseResponse } } },
    async (request): Promise<BrowseResponse> => {
      const user = requireUser(request);
      return listing(ctx.db, user.id, null, await latestPhases(ctx.db, user.id), request.query, 'latest');
    },
  );

  app.get(
    '/api/browse/trash/:id',
    { schema: { params: folderParams, querystring: browseQuery, response: { 200: browseResponse } } },
    async (request): Promise<BrowseResponse> => {
      const user = requireUser(request);
      const actor: Actor = { kind: 'user', user };
      const folder = await loadFolder(ctx.db, actor, request.params.id, { action: 'view', state: 'trashed' });
      if (!folder)
        return listing(ctx.db, user.id, null, await trashRootPhases(ctx.db, user.id), request.query, 'trash');
      const sort = request.query.sort ?? 'created_at';
      const direction = request.query.direction ?? 'DESC';
      const phases = await trashFolderPhases(ctx.db, folder, sort, direction);
      return listing(ctx.db, user.id, folder, phases, request.query, `trash:${folder.id}:${sort}:${direction}`);
    },
  );

  app.get(
    '/api/browse/navigation',
    { schema: { response: { 200: navigationResponse } } },
    async (request): Promise<NavigationResponse> => {
      const user = requireUser(request);
      const folders = await folderTree(ctx.db, user.id);
      return { data: [{ location: 'files', name: 'Files', folders, isMovable: true, isOpen: true }] };
    },
  );
}
