import type { FileResource, FolderResource, ItemResource, ItemType } from '@filestore/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { favourites, items, type ItemRow } from './items.table.js';

/** Where a file's bytes and thumbnails are fetched from; share and request pages use their own. */
export interface ItemUrls {
  file(row: ItemRow): string;
  thumbnail(row: ItemRow, size: 'sm' | 'md' | 'lg'): string;
}

export const ownerUrls: ItemUrls = {
  file: (row) => `/api/files/${row.id}/download`,
  thumbnail: (row, size) => `/api/files/${row.id}/thumbnail/${size}`,
};

export interface PresentOptions {
  /** Whose favourites mark folders; null for visitors. */
  viewerId: string | null;
  urls?: ItemUrls;
  /** Parent names already known (a listing knows its folder); saves a query. */
  parents?: Map<string, string>;
  /** The top of what a link's visitor may see: its parent (the owner's folder above) is not shown. */
  topId?: string;
  /** Whether the viewer may learn an item's share links (the access policy's `share`); none if left out. */
  maySeeShares?: (row: ItemRow) => boolean;
  /**
   * The rows were made by this very request (an upload's new file): nothing refers to them yet, no
   * share link and no favourite, so no relationship is looked up.
   */
  fresh?: boolean;
}

/** Relationships other modules add to the items their owner sees (the files module knows none of them). */
export interface ExtraRelationships {
  shared: FolderResource['data']['relationships']['shared'];
}

/**
 * Called once per `presentItems` with the rows whose share links the viewer may see; answers the
 * relationships of those that have any (sharing's answers `shared`).
 */
export type RelationshipLoader = (
  db: Db,
  rows: readonly { id: string; type: ItemType }[],
) => Promise<Map<string, Partial<ExtraRelationships>>>;

/**
 * What presenting reads: the database, and the relationship loaders of other modules, which the
 * composition root hands over (`AppContext.itemRelationships`, set in `app/http.ts`).
 */
export interface PresentContext {
  readonly db: Db;
  readonly itemRelationships: readonly RelationshipLoader[];
}

async function extraRelationships(
  ctx: PresentContext,
  rows: readonly ItemRow[],
  maySeeShares: PresentOptions['maySeeShares'],
  fresh = false,
) {
  const merged = new Map<string, Partial<ExtraRelationships>>();
  // Only who may share an item learns its share links: visitors never see the tokens of nested items.
  const owned = maySeeShares && !fresh ? rows.filter(maySeeShares) : [];
  if (!owned.length) return merged;
  for (const loader of ctx.itemRelationships) {
    for (const [id, extra] of await loader(ctx.db, owned)) merged.set(id, { ...merged.get(id), ...extra });
  }
  return merged;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Around {
  parentName: string | undefined;
  /** The row is the top of a link's view: no parent id, no parent relationship. */
  hideParent: boolean;
  extra: Partial<ExtraRelationships> | undefined;
}

function parentOf(row: ItemRow, around: Around) {
  if (!row.parentId || around.hideParent) return null;
  return { data: { id: row.parentId, type: 'folder' as const, attributes: { name: around.parentName ?? '' } } };
}

function presentFolder(row: ItemRow, favourite: boolean, around: Around): FolderResource {
  return {
    data: {
      id: row.id,
      type: 'folder',
      attributes: {
        name: row.name,
        color: row.color,
        emoji: row.emoji,
        items: row.folderCount + row.fileCount,
        parent_id: around.hideParent ? null : row.parentId,
        is_favourite: favourite,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        deleted_at: iso(row.deletedAt),
      },
      relationships: { parent: parentOf(row, around), shared: around.extra?.shared ?? null },
    },
  };
}

function presentFile(row: ItemRow, urls: ItemUrls, around: Around): FileResource {
  const thumbnail =
    row.thumbnailStatus === 'ready'
      ? { sm: urls.thumbnail(row, 'sm'), md: urls.thumbnail(row, 'md'), lg: urls.thumbnail(row, 'lg') }
      : null;
  return {
    data: {
      id: row.id,
      type: 'file',
      attributes: {
        name: row.name,
        color: null,
        emoji: null,
        extension: row.extension,
        mimetype: row.mimetype ?? 'application/octet-stream',
        category: row.category ?? 'other',
        size: row.size,
        file_url: urls.file(row),
        thumbnail,
        width: row.width,
        height: row.height,
        parent_id: around.hideParent ? null : row.parentId,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        deleted_at: iso(row.deletedAt),
      },
      relationships: { parent: parentOf(row, around), shared: around.extra?.shared ?? null },
    },
  };
}

/**
 * Turns rows into resources with a few batched look-ups at most (favourites, parent names, and one
 * per registered relationship loader for the viewer's own items).
 */
export async function presentItems(
  ctx: PresentContext,
  rows: readonly ItemRow[],
  opts: PresentOptions,
): Promise<ItemResource[]> {
  const { db } = ctx;
  const urls = opts.urls ?? ownerUrls;
  const folderIds = rows.filter((r) => r.type === 'folder').map((r) => r.id);
  const starred = new Set<string>();
  if (opts.viewerId && folderIds.length && !opts.fresh) {
    const favs = await db
      .select({ itemId: favourites.itemId })
      .from(favourites)
      .where(and(eq(favourites.userId, opts.viewerId), inArray(favourites.itemId, folderIds)));
    for (const f of favs) starred.add(f.itemId);
  }
  const parents = new Map(opts.parents ?? []);
  const shownParent = (r: ItemRow) => (r.id === opts.topId ? null : r.parentId);
  const missing = [
    ...new Set(
      rows.flatMap((r) => {
        const parentId = shownParent(r);
        return parentId && !parents.has(parentId) ? [parentId] : [];
      }),
    ),
  ];
  if (missing.length) {
    const found = await db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, missing));
    for (const p of found) parents.set(p.id, p.name);
  }
  const extras = await extraRelationships(ctx, rows, opts.maySeeShares, opts.fresh);
  return rows.map((row) => {
    const parentId = shownParent(row);
    const around: Around = {
      parentName: parentId ? parents.get(parentId) : undefined,
      hideParent: row.id === opts.topId,
      extra: extras.get(row.id),
    };
    return row.type === 'folder' ? presentFolder(row, starred.has(row.id), around) : presentFile(row, urls, around);
  });
}

export async function presentItem(ctx: PresentContext, row: ItemRow, opts: PresentOptions): Promise<ItemResource> {
  const [resource] = await presentItems(ctx, [row], opts);
  if (!resource) throw new Error('presenter returned nothing');
  return resource;
}
