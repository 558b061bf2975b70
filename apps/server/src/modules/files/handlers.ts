import type {
  BrowseQuery,
  BrowseResponse,
  CreateFolderRequest,
  FolderResource,
  ItemResource,
  ItemsResponse,
  MoveRequest,
  NavigationLevelResponse,
  NavigationResponse,
  RemoveRequest,
  RemoveResponse,
  RenameRequest,
} from '@filestore/contract';
import { selectionOf, UNDO_ITEMS_MAX } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { readSettings } from '../settings/index.js';
import { findUserById, fullName } from '../users/index.js';
import {
  authorizeFolder,
  homeOf,
  knownTopOf,
  navigationScope,
  presentingFor,
  type Actor,
  type LoadedFolder,
  type LoadedItem,
} from './access.js';
import { folderPhases, type ListingRelations } from './browse.repository.js';
import {
  presentItem,
  presentItems,
  type ExtraRelationships,
  type KnownRelationships,
  type PresentContext,
  type PresentOptions,
  type RelationshipLoader,
} from './item.presenter.js';
import type { ItemRow } from './items.table.js';
import { folderLevel, folderTree, subtreeFolderTree } from './navigation.js';
import { createFolder, moveItems, renameItem } from './organise.usecases.js';
import { readPage, type Phase } from './paging.js';
import { removeContents, removeItems } from './trash.usecases.js';

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
  folder: LoadedFolder | null,
  phases: Phase[],
  query: BrowseQuery,
  name: string,
  read?: ReadRelations,
): Promise<BrowseResponse> {
  const { rows, paginate } = await readPage(phases, query, name);
  if (!folder) {
    const known = await read?.known(rows, null);
    return { data: await presentItems(ctx, rows, presenting, known), meta: { root: null, path: [], paginate } };
  }
  const { path } = folder;
  const parents = new Map(path.map((p) => [p.id, p.name]));
  const known = await read?.known(rows, folder);
  const [root, ...data] = await presentItems(ctx, [folder, ...rows], { ...presenting, parents }, known);
  return {
    data,
    meta: {
      root: root && root.data.type === 'folder' ? { data: root.data } : null,
      path: breadcrumbs(path, folder, presenting.topId),
      paginate,
    },
  };
}

/**
 * The relationships a folder listing reads with its rows (`ListingRelations`), gathered as the
 * phases run, then presented: the folder's own come with every row, so an empty page has none and
 * presenting looks them up as usual.
 */
class ReadRelations implements ListingRelations {
  private readonly columns = new Map<string, unknown[]>();
  private parent: unknown[] | undefined;

  constructor(
    readonly viewerId: string,
    readonly loaders: readonly RelationshipLoader[],
  ) {}

  collect(id: string, value: unknown): void {
    const columns = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
    const width = 1 + this.loaders.length;
    this.columns.set(id, columns.slice(0, width));
    if (columns.length > width) this.parent = columns.slice(width);
  }

  /** What presenting needs for `rows` and the folder listed, or undefined when something was not read. */
  async known(rows: readonly ItemRow[], folder: ItemRow | null): Promise<KnownRelationships | undefined> {
    const byId = new Map(this.columns);
    if (folder !== null) {
      if (!this.parent) return undefined;
      byId.set(folder.id, this.parent);
    }
    if (rows.some((r) => !byId.has(r.id))) return undefined;
    const favourites = new Set<string>();
    for (const [id, columns] of byId) if (columns[0] === true) favourites.add(id);
    const presented = folder ? [folder, ...rows] : rows;
    const extras = new Map<string, Partial<ExtraRelationships>>();
    const seen = new Map<string, Partial<ExtraRelationships>>();
    for (const [i, loader] of this.loaders.entries()) {
      const values = new Map([...byId].map(([id, columns]) => [id, columns[1 + i]]));
      const into = (loader.audience ?? 'sharer') === 'viewer' ? seen : extras;
      for (const [id, extra] of await loader.fromColumn(values, presented, this.viewerId)) {
        into.set(id, { ...into.get(id), ...extra });
      }
    }
    return { favourites, extras, seen };
  }
}

/** A live folder of the actor's scope (`all`/null: its top), folders first. */
export async function browseFolder(
  ctx: AppContext,
  actor: Actor,
  id: string | null | undefined,
  query: BrowseQuery,
): Promise<BrowseResponse> {
  const folder = await authorizeFolder(ctx.db, actor, 'view', id);
  // A member's breadcrumbs start at the team folder (a link's at its folder, through `presentingFor`).
  const topId = folder && actor.kind === 'user' ? await knownTopOf(ctx.db, actor, folder) : undefined;
  return browseLoadedFolder(ctx, actor, folder, query, topId ? { topId } : {});
}

/**
 * A folder the policy already let the actor view (null: the top of its scope). `topId` starts the
 * breadcrumbs there and hides that folder's parent (a team folder's content: the owner's folders
 * above it are nobody else's business).
 */
export async function browseLoadedFolder(
  ctx: AppContext,
  actor: Actor,
  folder: LoadedFolder | null,
  query: BrowseQuery,
  opts: { topId?: string } = {},
): Promise<BrowseResponse> {
  const home = homeOf(actor);
  const sort = query.sort ?? 'created_at';
  const direction = query.direction ?? 'DESC';
  const totals = folder
    ? { folders: folder.folderCount, files: folder.fileCount }
    : { folders: home.rootFolderCount, files: home.rootFileCount };
  const ownerId = folder?.ownerId ?? home.id;
  const presenting = { ...presentingFor(actor), ...(opts.topId ? { topId: opts.topId } : {}) };
  // A viewer's own relationships (favourites, share links) come with the rows: no look-ups after.
  const relations = presenting.viewerId ? new ReadRelations(presenting.viewerId, ctx.itemRelationships) : undefined;
  const phases = folderPhases(ctx.db, { ownerId, parentId: folder?.id ?? null, sort, direction, totals, relations });
  const name = `folder:${folder?.id ?? 'root'}:${sort}:${direction}`;
  return listing(ctx, presenting, folder, phases, query, name, relations);
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

/**
 * One level of the folder tree the actor may see (ADR 0072): what lies directly in folder `id`
 * (`'all'`: the top of the actor's tree, the owner's root or a link's folder). The folder is decided
 * through the access policy before anything is read: a stranger's id, a trashed folder or an id
 * outside a link's folder is a 404 like the listing's.
 */
export async function navigationLevelOf(ctx: AppContext, actor: Actor, id: string): Promise<NavigationLevelResponse> {
  const folder = await authorizeFolder(ctx.db, actor, 'view', id);
  const ownerId = folder ? folder.ownerId : actor.kind === 'user' ? actor.user.id : null;
  if (!ownerId) throw new Error('a link always has a root folder');
  const data = await folderLevel(ctx.db, ownerId, folder?.id ?? null);
  return { data, meta: { parent_id: folder?.id ?? null } };
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
  const rows = await moveItems(ctx.db, actor, body.to_id, selectionOf(body));
  return { data: await presentItems(ctx, rows, presentingFor(actor)) };
}

const removedMessage = ({ trashed, deleted }: { trashed: number; deleted: number }) =>
  deleted === 0
    ? 'The items were moved to the trash.'
    : trashed === 0
      ? 'The items were deleted forever.'
      : 'The items were removed.';

/**
 * What tells the client that items went to someone else's trash (a member's trash in a team folder
 * goes to its owner's: ADR 0029), so it can say so and offer no Undo.
 */
async function trashedToOwner(ctx: AppContext, ownerId: string | null): Promise<Pick<RemoveResponse, 'meta'>> {
  if (!ownerId) return {};
  const owner = await findUserById(ctx.db, ownerId);
  return owner ? { meta: { trashed_to_owner: { id: owner.id, name: fullName(owner) } } } : {};
}

/** The items named, or a whole folder's contents but some (ADR 0018). */
export async function removeAs(ctx: AppContext, actor: Actor, body: RemoveRequest): Promise<RemoveResponse> {
  const selection = selectionOf(body);
  if ('items' in selection) {
    const counts = await removeItems(ctx, actor, selection.items);
    return { type: 'success', message: removedMessage(counts), ...(await trashedToOwner(ctx, counts.trashedToOwner)) };
  }
  const counts = await removeContents(ctx, actor, selection, body.force_delete ?? false);
  // The owner's app offers Undo for what a whole folder sent to the trash (a link's holder has none,
  // nor a member, whose trash is the team folder's owner's).
  const undo =
    actor.kind === 'user' &&
    !counts.trashedToOwner &&
    counts.trashedItems &&
    counts.trashedItems.length <= UNDO_ITEMS_MAX
      ? { trashed: counts.trashedItems }
      : {};
  return {
    type: 'success',
    message: removedMessage(counts),
    ...undo,
    ...(await trashedToOwner(ctx, counts.trashedToOwner)),
  };
}
