import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { users } from '../users/users.table.js';
import { items, type ItemRow, type NewItemRow } from './items.table.js';
import { allocateNames, retryOnNameClash } from './names.js';

export interface CountDelta {
  folders?: number;
  files?: number;
}

/** Keeps a folder's (or the root's) live-children counts exact; call in the transaction of the change. */
export async function adjustChildCounts(db: Db, ownerId: string, parentId: string | null, delta: CountDelta) {
  const folders = delta.folders ?? 0;
  const files = delta.files ?? 0;
  if (!folders && !files) return;
  if (parentId === null) {
    await db
      .update(users)
      .set({
        rootFolderCount: sql`${users.rootFolderCount} + ${folders}`,
        rootFileCount: sql`${users.rootFileCount} + ${files}`,
      })
      .where(eq(users.id, ownerId));
  } else {
    await db
      .update(items)
      .set({ folderCount: sql`${items.folderCount} + ${folders}`, fileCount: sql`${items.fileCount} + ${files}` })
      .where(eq(items.id, parentId));
  }
}

/** Used storage moves in the transaction that adds or removes bytes (architecture: exact, never summed per request). */
export async function adjustStorageUsed(db: Db, ownerId: string, delta: number) {
  if (!delta) return;
  await db
    .update(users)
    .set({ storageUsed: sql`greatest(${users.storageUsed} + ${delta}, 0)` })
    .where(eq(users.id, ownerId));
}

export const countDeltaFor = (type: 'folder' | 'file', sign: 1 | -1 = 1): CountDelta =>
  type === 'folder' ? { folders: sign } : { files: sign };

type NewItem = Omit<NewItemRow, 'id' | 'name' | 'parentId' | 'ownerId' | 'type'> & { id?: string };

/**
 * Inserts a folder or file under `parentId` with the first free name, and counts it (and its
 * bytes, for a file) in the same transaction. Returns the row as written (the name may carry a suffix).
 */
export async function insertItem(
  db: Db,
  item: { ownerId: string; parentId: string | null; type: 'folder' | 'file'; name: string } & NewItem,
): Promise<ItemRow> {
  return retryOnNameClash(db, async (tx) => {
    const [name] = await allocateNames(tx, item.ownerId, item.parentId, [{ name: item.name, type: item.type }]);
    const [row] = await tx
      .insert(items)
      .values({ ...item, name: name ?? item.name })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await adjustChildCounts(tx, item.ownerId, item.parentId, countDeltaFor(item.type));
    if (item.type === 'file') await adjustStorageUsed(tx, item.ownerId, item.size ?? 0);
    return row;
  });
}

/** A live folder of `ownerId` directly under `parentId` with this name (case-insensitively). */
export async function findLiveFolderByName(
  db: Db,
  ownerId: string,
  parentId: string | null,
  name: string,
): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(items)
    .where(
      and(
        eq(items.ownerId, ownerId),
        parentId === null ? isNull(items.parentId) : eq(items.parentId, parentId),
        isNull(items.deletedAt),
        eq(items.type, 'folder'),
        sql`lower(${items.name}) = ${name.toLowerCase()}`,
      ),
    );
  return row;
}

/**
 * Folder uploads (reference §3.6): the folders of `/Photos/2024/a.jpg` are found by name under
 * `parentId`, or created, and the innermost becomes the file's parent. Existing folders are merged
 * into, as the reference does; a name taken by a file gets the usual suffix.
 */
export async function ensureFolderPath(
  db: Db,
  owner: { ownerId: string; creatorId: string | null },
  parentId: string | null,
  segments: readonly string[],
): Promise<string | null> {
  let current = parentId;
  for (const segment of segments) {
    const existing = await findLiveFolderByName(db, owner.ownerId, current, segment);
    if (existing) {
      current = existing.id;
      continue;
    }
    // Two uploads into the same new folder must end up in one folder: insert the exact name, and if
    // someone else just did, use theirs.
    const [inserted] = await db
      .insert(items)
      .values({ ownerId: owner.ownerId, creatorId: owner.creatorId, parentId: current, type: 'folder', name: segment })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await adjustChildCounts(db, owner.ownerId, current, { folders: 1 });
      current = inserted.id;
      continue;
    }
    const raced = await findLiveFolderByName(db, owner.ownerId, current, segment);
    const folder =
      raced ??
      (await insertItem(db, {
        ownerId: owner.ownerId,
        creatorId: owner.creatorId,
        parentId: current,
        type: 'folder',
        name: segment,
      }));
    current = folder.id;
  }
  return current;
}

/** Ancestors of a folder, outermost first, the folder itself last: one recursive query. */
export async function folderPath(db: Db, folderId: string): Promise<{ id: string; name: string }[]> {
  const result = await db.execute(sql`
    with recursive up(id, name, parent_id, depth) as (
      select id, name, parent_id, 0 from items where id = ${folderId}
      union all
      select i.id, i.name, i.parent_id, up.depth + 1 from items i join up on i.id = up.parent_id
      where up.depth < 1000
    )
    select id, name from up order by depth desc`);
  return rowsOf<{ id: string; name: string }>(result);
}

/** Every item below the given ones (not the roots themselves), trashed or not: one recursive query. */
export async function descendantIds(db: Db, rootIds: readonly string[]): Promise<string[]> {
  if (rootIds.length === 0) return [];
  const result = await db.execute(sql`
    with recursive down(id) as (
      select id from items where parent_id in (${sql.join(
        rootIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union all
      select i.id from items i join down on i.parent_id = down.id
    )
    select id from down`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * Whether each of `ids` lies inside the subtree of `rootId` (the root included). Share links and
 * upload requests reach only their own subtree; one recursive query answers it for all ids.
 */
export async function idsWithinSubtree(db: Db, ids: readonly string[], rootId: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(sql`
    with recursive up(start_id, id, parent_id, depth) as (
      select id, id, parent_id, 0 from items where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union all
      select up.start_id, i.id, i.parent_id, up.depth + 1 from items i join up on i.id = up.parent_id
      where up.id <> ${rootId}::uuid and up.depth < 1000
    )
    select distinct start_id from up where id = ${rootId}::uuid`);
  return new Set(rowsOf<{ start_id: string }>(result).map((r) => r.start_id));
}
