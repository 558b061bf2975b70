import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { UserRow } from '../users/index.js';
import { ownerUrls, type ItemUrls, type PresentOptions } from './item.presenter.js';
import { idsWithinSubtree } from './items.repository.js';
import { items, type ItemRow } from './items.table.js';

/**
 * The one access policy for files and folders (architecture: security principles). Every files,
 * upload, download, zip, search, preview and thumbnail endpoint asks it; none decides on its own.
 * Teams add actor kinds here.
 */
export type Actor = { kind: 'user'; user: UserRow } | { kind: 'link'; link: LinkGrant; owner: UserRow };

/**
 * What a share link or an upload request grants whoever holds it (the sharing and file-requests
 * modules make these after checking the token, its expiry, its password and its status).
 */
export interface LinkGrant {
  source: 'share' | 'request';
  /** The share's or the request's id: names the actor on upload sessions. */
  id: string;
  /** The item the link reaches: it and everything below it, nothing else. */
  rootId: string;
  canEdit: boolean;
  /** Where files seen through the link are fetched from. */
  urls: ItemUrls;
}

/** Whose tree (and storage, quota and restrictions) the actor works in. */
export const ownerOf = (actor: Actor): UserRow => (actor.kind === 'user' ? actor.user : actor.owner);

/** The signed-in user behind the actor; null for someone holding a link. */
export const viewerOf = (actor: Actor): string | null => (actor.kind === 'user' ? actor.user.id : null);

export const urlsOf = (actor: Actor): ItemUrls => (actor.kind === 'user' ? ownerUrls : actor.link.urls);

/**
 * How items are presented to the actor: favourites and share links only for a signed-in viewer,
 * the link's own file URLs, and nothing above the link's root (its parent stays hidden).
 */
export const presentingFor = (actor: Actor): PresentOptions =>
  actor.kind === 'user'
    ? { viewerId: actor.user.id }
    : { viewerId: null, urls: actor.link.urls, topId: actor.link.rootId };

/**
 * A link reaches its root item but may not rename, move or remove it: that would change (or end)
 * what its owner chose to share. Everything inside stays writable for an editor.
 */
export function assertKeepsLinkRoot(actor: Actor, rows: readonly { id: string }[]): void {
  if (actor.kind === 'link' && rows.some((r) => r.id === actor.link.rootId)) {
    throw forbidden('The shared item itself cannot be renamed, moved or removed through its link.');
  }
}

/** What an actor reaches: an owner's whole tree, or one subtree of it. */
export interface Scope {
  ownerId: string;
  /** null: the owner's whole tree; otherwise this folder and everything below it. */
  rootId: string | null;
  canEdit: boolean;
  /** Identifies the actor on upload sessions (`user:<id>`). */
  actorKey: string;
  /** Recorded as the creator of what the actor adds. */
  creatorId: string | null;
}

export function scopeOf(actor: Actor): Scope {
  if (actor.kind === 'link') {
    const { link, owner } = actor;
    return {
      ownerId: owner.id,
      rootId: link.rootId,
      canEdit: link.canEdit,
      actorKey: `${link.source}:${link.id}`,
      creatorId: null,
    };
  }
  return {
    ownerId: actor.user.id,
    rootId: null,
    canEdit: true,
    actorKey: `user:${actor.user.id}`,
    creatorId: actor.user.id,
  };
}

export type ItemState = 'live' | 'trashed' | 'any';
export type Action = 'view' | 'edit';

export interface LoadOptions {
  action: Action;
  state?: ItemState;
}

/**
 * A row as the policy loaded it, with its trash state: `trashedBy` is the item whose trashing put
 * it in the trash (itself, or the nearest trashed folder above it; ADR 0005), null when live.
 */
export type LoadedItem = ItemRow & { trashedBy: string | null };

const stateMatches = (row: LoadedItem, state: ItemState) =>
  state === 'any' || (state === 'live' ? row.trashedBy === null : row.trashedBy !== null);

/**
 * Loads the named items for the actor in one query (plus one for a subtree scope). An id that does
 * not exist, belongs to someone else, lies outside the scope, has another type or is in the wrong
 * state answers 404 for the whole request, so nothing is changed and nothing is revealed.
 */
export async function loadItems(
  db: Db,
  actor: Actor,
  refs: readonly { id: string; type?: 'folder' | 'file' }[],
  opts: LoadOptions,
): Promise<LoadedItem[]> {
  const scope = scopeOf(actor);
  if (opts.action === 'edit' && !scope.canEdit) throw forbidden();
  const ids = [...new Set(refs.map((r) => r.id))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: items, trashedBy: sql<string | null>`item_trashed_by(${items.id})` })
    .from(items)
    .where(inArray(items.id, ids));
  const byId = new Map(rows.map((r) => [r.item.id, { ...r.item, trashedBy: r.trashedBy }]));
  const inside = scope.rootId ? await idsWithinSubtree(db, ids, scope.rootId) : null;
  for (const ref of refs) {
    const row = byId.get(ref.id);
    const ok =
      row &&
      row.ownerId === scope.ownerId &&
      (!ref.type || ref.type === row.type) &&
      stateMatches(row, opts.state ?? 'live') &&
      (!inside || inside.has(row.id));
    if (!ok) throw notFound();
  }
  return ids.map((id) => byId.get(id) as LoadedItem);
}

export async function loadItem(db: Db, actor: Actor, id: string, opts: LoadOptions): Promise<LoadedItem> {
  const [row] = await loadItems(db, actor, [{ id }], opts);
  if (!row) throw notFound();
  return row;
}

/**
 * The folder to list or write into: `null`/`'all'` is the top of the actor's scope (null for an
 * owner's root, the shared folder for a subtree scope). Files are not folders: 404.
 */
export async function loadFolder(
  db: Db,
  actor: Actor,
  id: string | null | undefined,
  opts: LoadOptions,
): Promise<LoadedItem | null> {
  const scope = scopeOf(actor);
  const target = id && id !== 'all' ? id : scope.rootId;
  if (target === null) {
    if (opts.action === 'edit' && !scope.canEdit) throw forbidden();
    return null;
  }
  return loadItem(db, actor, target, { ...opts, state: opts.state ?? 'live' }).then((row) => {
    if (row.type !== 'folder') throw notFound();
    return row;
  });
}
