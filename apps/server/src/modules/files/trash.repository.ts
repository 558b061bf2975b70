import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { adjustStorageUsed } from './items.repository.js';
import type { ItemRow } from './items.table.js';
import { applyCounts, countedInParent, countsByParent } from './tree.js';

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Trashes live items: one row each, whatever lies below them (ADR 0005). What is below goes to the
 * trash through them and comes back with them; each item leaves its parent's count.
 */
export async function trashSubtrees(db: Db, ownerId: string, roots: readonly ItemRow[]) {
  if (!roots.length) return;
  await db.execute(sql`
    update items set deleted_at = now()
    where id in (${idList(roots.map((r) => r.id))}) and owner_id = ${ownerId}::uuid and deleted_at is null`);
  await applyCounts(db, ownerId, countsByParent(roots, -1));
}

export interface DeletedFile {
  id: string;
  blobKey: string | null;
  /** Whether thumbnails may exist (only files queued for them ever get any). */
  thumbnails: boolean;
}

async function deleted(db: Db, ownerId: string, result: unknown): Promise<DeletedFile[]> {
  const rows = rowsOf<{
    id: string;
    type: string;
    size: string | number;
    blob_key: string | null;
    thumbnail_status: string | null;
  }>(result);
  const files = rows.filter((r) => r.type === 'file');
  await adjustStorageUsed(db, ownerId, -files.reduce((sum, f) => sum + Number(f.size), 0));
  return files.map((f) => ({ id: f.id, blobKey: f.blob_key, thumbnails: f.thumbnail_status !== null }));
}

/** Deletes items with everything below them, live or trashed, in one statement; returns the files whose blobs to delete. */
export async function deleteSubtrees(db: Db, ownerId: string, roots: readonly ItemRow[]): Promise<DeletedFile[]> {
  if (!roots.length) return [];
  const result = await db.execute(sql`
    with recursive sub(id) as (
      select id from items where id in (${idList(roots.map((r) => r.id))})
      union all
      select i.id from items i join sub on i.parent_id = sub.id
    )
    delete from items where id in (select id from sub) and owner_id = ${ownerId}::uuid
    returning id, type, size, blob_key, thumbnail_status`);
  await applyCounts(db, ownerId, countsByParent(roots.filter(countedInParent), -1));
  return deleted(db, ownerId, result);
}

/**
 * Everything in the owner's trash, in one statement: the trashed items and all below them. No live
 * folder counts a trashed item, and the rest go with their trashed folder: no counter changes.
 */
export async function deleteAllTrashed(db: Db, ownerId: string): Promise<DeletedFile[]> {
  const result = await db.execute(sql`
    with recursive sub(id) as (
      select id from items where owner_id = ${ownerId}::uuid and deleted_at is not null
      union all
      select i.id from items i join sub on i.parent_id = sub.id where i.deleted_at is null
    )
    delete from items where id in (select id from sub) and owner_id = ${ownerId}::uuid
    returning id, type, size, blob_key, thumbnail_status`);
  return deleted(db, ownerId, result);
}

/**
 * Restores the given items into their destinations with their (possibly suffixed) names, in one
 * statement: what lies below each comes back with it, as it was never marked. An item that was in
 * the trash through a folder above it just moves out of that folder.
 */
export async function restoreTops(db: Db, placed: readonly { id: string; parentId: string | null; name: string }[]) {
  if (!placed.length) return;
  const values = placed.map((p) => sql`(${p.id}::uuid, ${p.parentId}::uuid, ${p.name})`);
  await db.execute(sql`
    update items set deleted_at = null, parent_id = v.parent_id, name = v.name, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(id, parent_id, name)
    where items.id = v.id`);
}
