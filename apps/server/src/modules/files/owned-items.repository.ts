import type { FileCategory } from '@filestore/contract';
import { and, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { items } from './items.table.js';

/*
 * What other modules ask about a user's items as a whole: their count, their bytes by kind, their
 * blobs, their deletion in batches (ADR 0070: they ask the files module, not its tables).
 */

/** How many items (files and folders, trashed or not) the user owns. */
export async function countItemsOwnedBy(db: Db, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(items).where(eq(items.ownerId, ownerId));
  return row?.n ?? 0;
}

/**
 * Deletes up to `limit` of the user's items of one type (a folder takes what lies below it along,
 * by cascade) and answers the ones deleted with their blob key and thumbnail status.
 */
export async function deleteItemsOwnedBy(
  tx: Db,
  ownerId: string,
  type: 'file' | 'folder',
  limit: number,
): Promise<{ id: string; blob_key: string | null; thumbnail_status: string | null }[]> {
  return rowsOf<{ id: string; blob_key: string | null; thumbnail_status: string | null }>(
    await tx.execute(sql`
            delete from items where id in (
              select id from items where owner_id = ${ownerId}::uuid and type = ${type} limit ${limit})
            returning id, blob_key, thumbnail_status`),
  );
}

/** The user's files (trashed or not) with what their blobs are: the key and whether thumbnails were made. */
export async function fileBlobsOf(
  db: Db,
  ownerId: string,
): Promise<{ id: string; blobKey: string | null; thumbnails: 'pending' | 'ready' | 'failed' | null }[]> {
  return db
    .select({ id: items.id, blobKey: items.blobKey, thumbnails: items.thumbnailStatus })
    .from(items)
    .where(and(eq(items.ownerId, ownerId), eq(items.type, 'file')));
}

/**
 * The bytes of the user's files by kind: of the unmarked ones from their own index
 * (items_latest_idx), or of the ones marked trashed from the trash's (items_trash_tops_idx). Files
 * in the trash through a trashed folder are `filesInTrashedFolders`'.
 */
export async function fileBytesByCategory(
  db: Db,
  ownerId: string,
  trashed: boolean,
): Promise<{ category: FileCategory | null; bytes: string }[]> {
  return db
    .select({ category: items.category, bytes: sql<string>`coalesce(sum(${items.size}), 0)` })
    .from(items)
    .where(
      and(
        eq(items.ownerId, ownerId),
        eq(items.type, 'file'),
        trashed ? isNotNull(items.deletedAt) : isNull(items.deletedAt),
      ),
    )
    .groupBy(items.category);
}

/** Bytes of every user's files by kind, trashed ones included. */
export async function fileBytesByCategoryOfAll(db: Db): Promise<{ category: FileCategory | null; bytes: string }[]> {
  return db
    .select({ category: items.category, bytes: sql<string>`coalesce(sum(${items.size}), 0)` })
    .from(items)
    .where(eq(items.type, 'file'))
    .groupBy(items.category);
}

/** How many file versions have bytes in storage, as a scalar subquery for a count across modules. */
export const storedFileBlobsCount = (): SQL => sql`(select count(*) from items where blob_key is not null)`;
