import type { FileResource, FolderResource, ItemResource } from '@filestore/contract';
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
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentFolder(row: ItemRow, favourite: boolean, parentName: string | undefined): FolderResource {
  return {
    data: {
      id: row.id,
      type: 'folder',
      attributes: {
        name: row.name,
        color: row.color,
        emoji: row.emoji,
        items: row.folderCount + row.fileCount,
        parent_id: row.parentId,
        is_favourite: favourite,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        deleted_at: iso(row.deletedAt),
      },
      relationships: {
        parent: row.parentId
          ? { data: { id: row.parentId, type: 'folder', attributes: { name: parentName ?? '' } } }
          : null,
        shared: null,
      },
    },
  };
}

function presentFile(row: ItemRow, urls: ItemUrls, parentName: string | undefined): FileResource {
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
        parent_id: row.parentId,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        deleted_at: iso(row.deletedAt),
      },
      relationships: {
        parent: row.parentId
          ? { data: { id: row.parentId, type: 'folder', attributes: { name: parentName ?? '' } } }
          : null,
        shared: null,
      },
    },
  };
}

/** Turns rows into resources with two batched look-ups at most (favourites, parent names). */
export async function presentItems(db: Db, rows: readonly ItemRow[], opts: PresentOptions): Promise<ItemResource[]> {
  const urls = opts.urls ?? ownerUrls;
  const folderIds = rows.filter((r) => r.type === 'folder').map((r) => r.id);
  const starred = new Set<string>();
  if (opts.viewerId && folderIds.length) {
    const favs = await db
      .select({ itemId: favourites.itemId })
      .from(favourites)
      .where(and(eq(favourites.userId, opts.viewerId), inArray(favourites.itemId, folderIds)));
    for (const f of favs) starred.add(f.itemId);
  }
  const parents = new Map(opts.parents ?? []);
  const missing = [...new Set(rows.flatMap((r) => (r.parentId && !parents.has(r.parentId) ? [r.parentId] : [])))];
  if (missing.length) {
    const found = await db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, missing));
    for (const p of found) parents.set(p.id, p.name);
  }
  return rows.map((row) => {
    const parentName = row.parentId ? parents.get(row.parentId) : undefined;
    return row.type === 'folder'
      ? presentFolder(row, starred.has(row.id), parentName)
      : presentFile(row, urls, parentName);
  });
}

export async function presentItem(db: Db, row: ItemRow, opts: PresentOptions): Promise<ItemResource> {
  const [resource] = await presentItems(db, [row], opts);
  if (!resource) throw new Error('presenter returned nothing');
  return resource;
}
