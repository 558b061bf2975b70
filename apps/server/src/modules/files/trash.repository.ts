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
 * Trashes live items and their live descendants in one statement; each descendant remembers which
 * item's trashing took it (`trash_root_id`), so restoring that item brings back exactly those.
 */
export async function trashSubtrees(db: Db, ownerId: string, roots: readonly ItemRow[]) {
  if (!roots.length) return;
  await db.execute(sql`
    with recursive t(id, root_id) as (
      select id, id from items where id in (${idList(roots.map((r) => r.id))}) and deleted_at is null
      union all
      select i.id, t.root_id from items i join t on i.parent_id = t.id
      where i.owner_id = ${ownerId}::uuid and i.deleted_at is null
    )
    update items set deleted_at = now(), trash_root_id = t.root_id from t where items.id = t.id`);
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
 * Everything in the owner's trash, in one statement. No live folder counts a trashed item whose
 * own deletion put it there, and the others go with their trashed parent: no counter changes.
 */
export async function deleteAllTrashed(db: Db, ownerId: string): Promise<DeletedFile[]> {
  const result = await db.execute(sql`
    delete from items where owner_id = ${ownerId}::uuid and deleted_at is not null
    returning id, type, size, blob_key, thumbnail_status`);
  return deleted(db, ownerId, result);
}

/**
 * Restores, below each given trashed item, what was trashed together with it (same trash root),
 * in two statements whatever the size. The items themselves are restored by the caller, which
 * places and names them.
 */
export async function restoreBelow(db: Db, tops: readonly ItemRow[]) {
  // An item trashed on its own is its descendants' trash root: they are found by that id at once.
  const roots = tops.filter((t) => t.trashRootId === t.id);
  if (roots.length) {
    await db.execute(sql`
      update items set deleted_at = null, trash_root_id = null
      where trash_root_id in (${idList(roots.map((t) => t.id))}) and deleted_at is not null
        and id not in (${idList(roots.map((t) => t.id))})`);
  }
  // An item that went to the trash with a folder above it takes back only its own part of that
  // folder's trash: walk down by parent. The trash root is compared as text on purpose, so the
  // planner cannot look rows up by trash root, which would return the whole trashed tree per step.
  const inner = tops.filter((t) => t.trashRootId !== t.id);
  if (!inner.length) return;
  await db.execute(sql`
    with recursive r(id, root_id) as (
      select i.id, t.trash_root_id from items i join items t on i.parent_id = t.id
      where t.id in (${idList(inner.map((t) => t.id))}) and i.deleted_at is not null
        and i.trash_root_id::text = t.trash_root_id::text
      union all
      select i.id, r.root_id from items i join r on i.parent_id = r.id
      where i.deleted_at is not null and i.trash_root_id::text = r.root_id::text
    )
    update items set deleted_at = null, trash_root_id = null from r where items.id = r.id`);
}

/** Restores the given items into their destinations with their (possibly suffixed) names, in one statement. */
export async function restoreTops(db: Db, placed: readonly { id: string; parentId: string | null; name: string }[]) {
  if (!placed.length) return;
  const values = placed.map((p) => sql`(${p.id}::uuid, ${p.parentId}::uuid, ${p.name})`);
  await db.execute(sql`
    update items set deleted_at = null, trash_root_id = null, parent_id = v.parent_id, name = v.name, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(id, parent_id, name)
    where items.id = v.id`);
}
