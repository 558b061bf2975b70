import type {
  BrowseQuery,
  BrowseResponse,
  CreateFolderRequest,
  FolderResource,
  ItemResource,
  ItemsResponse,
  MessageResponse,
  MoveRequest,
  NavigationResponse,
  RemoveRequest,
  RenameRequest,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { readSettings } from '../settings/index.js';
import { authorizeFolder, homeOf, navigationScope, presentingFor, type Actor, type LoadedItem } from './access.js';
import { folderPhases } from './browse.repository.js';
import { presentItem, presentItems, type PresentContext, type PresentOptions } from './item.presenter.js';
import { folderPath } from './items.repository.js';
import { folderTree, subtreeFolderTree } from './navigation.js';
import { createFolder, moveItems, renameItem } from './organise.usecases.js';
import { readPage, type Phase } from './paging.js';
import { removeItems } from './trash.usecases.js';

/*
 * The bodies of the files routes, for any actor: the signed-in user's routes and the share-link and
 * upload-request routes call the same functions, so a rule written here holds for all of them.
 */

/**
 * Ancestors, outermost first, from the folder's whole path. A link's start at its root (the
 * owner's folders above it stay unknown); inside the trash they start at the folder whose deletion
 * put it there.
 */
function breadcrumbs(path: { id: string; name: string }[], folder: LoadedItem, topId: string | undefined) {
  if (topId) {
    const start = path.findIndex((p) => p.id === topId);
    return start < 0 ? [] : path.slice(start);
  }
  const start = folder.trashedBy ? path.findIndex((p) => p.id === folder.trashedBy) : -1;
  return start > 0 ? path.slice(start) : path;
}

/**
 * One page of a listing as the browse envelope. The folder is presented with its page (one look-up
 * of favourites and of each relationship for both), and its path names every parent shown.
 */
export async function listing(
  ctx: PresentContext,
  presenting: PresentOptions,
  folder: LoadedItem | null,
  phases: Phase[],
  query: BrowseQuery,
  name: string,
): Promise<BrowseResponse> {
  const { rows, paginate } = await readPage(phases, query, name);
  if (!folder) {
    return { data: await presentItems(ctx, rows, presenting), meta: { root: null, path: [], paginate } };
  }
  const path = await folderPath(ctx.db, folder.id);
  const parents = new Map(path.map((p) => [p.id, p.name]));
  const [root, ...data] = await presentItems(ctx, [folder, ...rows], { ...presenting, parents });
  return {
    data,
    meta: {
      root: root && root.data.type === 'folder' ? { data: root.data } : null,
      path: breadcrumbs(path, folder, presenting.topId),
      paginate,
    },
  };
}

/** A live folder of the actor's scope (`all`/null: its top), folders first. */
export async function browseFolder(
  ctx: AppContext,
  actor: Actor,
  id: string | null | undefined,
  query: BrowseQuery,
): Promise<BrowseResponse> {
  const folder = await authorizeFolder(ctx.db, actor, 'view', id);
  const home = homeOf(actor);
  const sort = query.sort ?? 'created_at';
  const direction = query.direction ?? 'DESC';
  const totals = folder
    ? { folders: folder.folderCount, files: folder.fileCount }
    : { folders: home.rootFolderCount, files: home.rootFileCount };
  const ownerId = folder?.ownerId ?? home.id;
  const phases = folderPhases(ctx.db, { ownerId, parentId: folder?.id ?? null, sort, direction, totals });
  const name = `folder:${folder?.id ?? 'root'}:${sort}:${direction}`;
  return listing(ctx, presentingFor(actor), folder, phases, query, name);
}

/** The folder tree of the actor's scope: the owner's whole tree, or what lies below a link's root. */
export async function navigationOf(ctx: AppContext, actor: Actor): Promise<NavigationResponse> {
  const scope = navigationScope(actor);
  if (scope.rootId === null) {
    const folders = await folderTree(ctx.db, scope.ownerId);
    return { data: [{ location: scope.location, name: 'Files', folders, isMovable: scope.movable, isOpen: true }] };
  }
  const root = await authorizeFolder(ctx.db, actor, 'view', scope.rootId);
  if (!root) throw new Error('a link always has a root folder');
  const folders = await subtreeFolderTree(ctx.db, root.id);
  return { data: [{ location: scope.location, name: root.name, folders, isMovable: scope.movable, isOpen: true }] };
}

export async function createFolderAs(
  ctx: AppContext,
  actor: Actor,
  body: CreateFolderRequest,
): Promise<FolderResource> {
  const folder = await createFolder(ctx.db, actor, await readSettings(ctx.db), body);
  const { data } = await presentItem(ctx, folder, presentingFor(actor));
  if (data.type !== 'folder') throw new Error('create-folder made a file');
  return { data };
}

export async function renameAs(ctx: AppContext, actor: Actor, id: string, body: RenameRequest): Promise<ItemResource> {
  const row = await renameItem(ctx.db, actor, id, body);
  return presentItem(ctx, row, presentingFor(actor));
}

export async function moveAs(ctx: AppContext, actor: Actor, body: MoveRequest): Promise<ItemsResponse> {
  const rows = await moveItems(ctx.db, actor, body.to_id, body.items);
  return { data: await presentItems(ctx, rows, presentingFor(actor)) };
}

const removedMessage = ({ trashed, deleted }: { trashed: number; deleted: number }) =>
  deleted === 0
    ? 'The items were moved to the trash.'
    : trashed === 0
      ? 'The items were deleted forever.'
      : 'The items were removed.';

export async function removeAs(ctx: AppContext, actor: Actor, refs: RemoveRequest['items']): Promise<MessageResponse> {
  return { type: 'success', message: removedMessage(await removeItems(ctx, actor, refs)) };
}
