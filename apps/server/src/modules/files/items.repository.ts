import { FOLDER_DEPTH_MAX } from '@filestore/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { arrayParam } from '../../lib/db/prepared.js';
import { users } from '../users/index.js';
import { folderTooDeep } from './files.errors.js';
import { items, type ItemRow, type NewItemRow } from './items.table.js';
import { ancestryOf } from './ancestry.repository.js';
import { allocateNames, nameKey, nameWithSuffix, retryOnNameClash } from './names.js';

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

const countDeltaFor = (type: 'folder' | 'file', sign: 1 | -1 = 1): CountDelta =>
  type === 'folder' ? { folders: sign } : { files: sign };

type NewItem = Omit<NewItemRow, 'id' | 'name' | 'parentId' | 'ownerId' | 'type'> & { id?: string };

/**
 * Counts a new item in its folder (or the owner's root) and its bytes in the owner's used storage,
 * in one statement: what `adjustChildCounts` and `adjustStorageUsed` do, for one item added.
 */
async function countAdded(
  db: Db,
  item: { ownerId: string; parentId: string | null; type: 'folder' | 'file'; size?: number },
) {
  const { folders = 0, files = 0 } = countDeltaFor(item.type);
  const bytes = item.type === 'file' ? (item.size ?? 0) : 0;
  if (item.parentId === null) {
    await db
      .update(users)
      .set({
        rootFolderCount: sql`${users.rootFolderCount} + ${folders}`,
        rootFileCount: sql`${users.rootFileCount} + ${files}`,
        ...(bytes ? { storageUsed: sql`greatest(${users.storageUsed} + ${bytes}, 0)` } : {}),
      })
      .where(eq(users.id, item.ownerId));
    return;
  }
  if (!bytes) return adjustChildCounts(db, item.ownerId, item.parentId, { folders, files });
  // Both rows in one round trip: a data-modifying CTE runs to completion whether or not it is read.
  await db.execute(sql`
    with counted as (
      update ${items} set folder_count = folder_count + ${folders}, file_count = file_count + ${files}
      where id = ${item.parentId}
    )
    update ${users} set storage_used = greatest(storage_used + ${bytes}, 0) where id = ${item.ownerId}`);
}

/**
 * Inserts a folder or file under `parentId` with the first free name, and counts it (and its
 * bytes, for a file) in the same transaction. Returns the row as written (the name may carry a suffix).
 * The name as asked is tried first with `on conflict do nothing` (one statement, no savepoint):
 * most names are free. Only when it is taken are the free names looked up (`allocateNames`).
 */
export async function insertItem(
  db: Db,
  item: { ownerId: string; parentId: string | null; type: 'folder' | 'file'; name: string } & NewItem,
): Promise<ItemRow> {
  const [asked] = await db.insert(items).values(item).onConflictDoNothing().returning();
  if (asked) {
    await countAdded(db, item);
    return asked;
  }
  return retryOnNameClash(db, async (tx) => {
    const [name] = await allocateNames(tx, item.ownerId, item.parentId, [{ name: item.name, type: item.type }]);
    const [row] = await tx
      .insert(items)
      .values({ ...item, name: name ?? item.name })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await countAdded(tx, item);
    return row;
  });
}

export type NewFile = { ownerId: string; parentId: string | null; name: string; id: string } & Omit<NewItem, 'id'>;

/**
 * Inserts files made together (a group commit of small uploads) in one statement, each under the
 * name asked for: the rows whose name is taken in their folder (or by an earlier row of the same
 * statement) are left out, and the caller inserts those one by one with `insertItem`, which finds
 * them a free name. Nothing is counted here: `countAddedFiles` counts the rows inserted.
 */
export async function insertFilesAsAsked(db: Db, files: readonly NewFile[]): Promise<ItemRow[]> {
  if (files.length === 0) return [];
  return db
    .insert(items)
    .values(files.map((f) => ({ ...f, type: 'file' as const })))
    .onConflictDoNothing()
    .returning();
}

/**
 * Counts files added together in their folders (or their owners' roots) and their bytes in their
 * owners' used storage, in one statement whatever their number: what `countAdded` does for one.
 * Each owner's row is updated once (root counts and bytes together), each folder once.
 */
export async function countAddedFiles(
  db: Db,
  files: readonly { ownerId: string; parentId: string | null; size: number }[],
): Promise<void> {
  if (files.length === 0) return;
  const owners = arrayParam(files.map((f) => f.ownerId));
  const parents = `{${files.map((f) => (f.parentId === null ? 'NULL' : `"${f.parentId}"`)).join(',')}}`;
  const sizes = `{${files.map((f) => String(f.size)).join(',')}}`;
  await db.execute(sql`
    with added(owner_id, parent_id, size) as (
      select * from unnest(${owners}::uuid[], ${parents}::uuid[], ${sizes}::bigint[])
    ), counted as (
      update ${items} i set file_count = i.file_count + c.files
      from (select parent_id, count(*)::int as files from added where parent_id is not null group by parent_id) c
      where i.id = c.parent_id
    )
    update ${users} u
    set storage_used = greatest(u.storage_used + o.bytes, 0), root_file_count = u.root_file_count + o.root_files
    from (
      select owner_id, sum(size)::bigint as bytes, (count(*) filter (where parent_id is null))::int as root_files
      from added group by owner_id
    ) o
    where u.id = o.owner_id`);
}

/** The live item of `ownerId` directly under `parentId` with this name (case-insensitively, as the unique index compares). */
export async function findLiveItemByName(
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
        sql`${nameKey(items.name)} = ${nameKey(name)}`,
      ),
    );
  return row;
}

const MAX_SUFFIX_TRIES = 1000;

/**
 * The folder a path segment means under `parentId`: the live folder with that name, merged into as
 * the reference does, or a new one. When a file holds the name, the folder is "name (1)" (or the
 * next), and the next file of the same upload finds that same folder again.
 */
async function folderForSegment(
  db: Db,
  owner: { ownerId: string; creatorId: string | null },
  parentId: string | null,
  segment: string,
): Promise<string> {
  let races = 0;
  for (let n = 0; n < MAX_SUFFIX_TRIES; n++) {
    const name = nameWithSuffix(segment, 'folder', n);
    const existing = await findLiveItemByName(db, owner.ownerId, parentId, name);
    if (existing?.type === 'folder') return existing.id;
    if (existing) continue;
    // Two uploads into the same new folder must end up in one folder: insert the exact name, and if
    // someone else just did, look again.
    const [inserted] = await db
      .insert(items)
      .values({ ownerId: owner.ownerId, creatorId: owner.creatorId, parentId, type: 'folder', name })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await adjustChildCounts(db, owner.ownerId, parentId, { folders: 1 });
      return inserted.id;
    }
    if (races++ < 3) n -= 1;
  }
  throw new Error(`no free folder name for ${segment}`);
}

/**
 * Folder uploads (reference §3.6): the folders of `/Photos/2024/a.jpg` are found by name under
 * `parentId`, or created, and the innermost becomes the file's parent. A path that would reach
 * below the deepest level folders may have is refused before any folder is made.
 */
export async function ensureFolderPath(
  db: Db,
  owner: { ownerId: string; creatorId: string | null },
  parentId: string | null,
  segments: readonly string[],
): Promise<string | null> {
  if (segments.length) await assertRoomBelow(db, parentId, segments.length);
  let current = parentId;
  for (const segment of segments) current = await folderForSegment(db, owner, current, segment);
  return current;
}

/**
 * The parent of each of `ids`, with the parents of those, up to the root: one walk up the primary
 * key. `union` (not `union all`) keeps each row once, so the walk ends even on a loop the tree
 * guard (migration 0009) would refuse; no depth bound decides anything.
 */
async function ancestorRows(db: Db, ids: readonly string[]) {
  const result = await db.execute(sql`
    with recursive up(id, name, parent_id) as (
      select id, name, parent_id from items where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union
      select i.id, i.name, i.parent_id from items i join up on i.id = up.parent_id
    )
    select id, name, parent_id from up`);
  const rows = new Map<string, { id: string; name: string; parentId: string | null }>();
  for (const r of rowsOf<{ id: string; name: string; parent_id: string | null }>(result)) {
    rows.set(r.id, { id: r.id, name: r.name, parentId: r.parent_id });
  }
  return rows;
}

/** The chain from `start` up to the root, `start` first, from the walked rows; stops at a repeat. */
function chainUp<T extends { id: string; parentId: string | null }>(rows: Map<string, T>, start: string): T[] {
  const chain: T[] = [];
  const seen = new Set<string>();
  let row = rows.get(start);
  while (row && !seen.has(row.id)) {
    seen.add(row.id);
    chain.push(row);
    row = row.parentId ? rows.get(row.parentId) : undefined;
  }
  return chain;
}

/** Ancestors of a folder, outermost first, the folder itself last, however deep: one recursive query. */
export async function folderPath(db: Db, folderId: string): Promise<{ id: string; name: string }[]> {
  const rows = await ancestorRows(db, [folderId]);
  return chainUp(rows, folderId)
    .reverse()
    .map(({ id, name }) => ({ id, name }));
}

/** How many folders lie on the path from the root to `folderId`, itself included (0: the root). */
export async function folderDepth(db: Db, folderId: string | null): Promise<number> {
  return folderId ? (await folderPath(db, folderId)).length : 0;
}

/** Refuses to put `levels` more folders below `parentId` when that passes `FOLDER_DEPTH_MAX`. */
export async function assertRoomBelow(db: Db, parentId: string | null, levels: number): Promise<void> {
  if ((await folderDepth(db, parentId)) + levels > FOLDER_DEPTH_MAX) throw folderTooDeep();
}

/**
 * How many levels of folders `folderIds` bring with them, themselves included (1: no subfolders),
 * counted only as far as `limit + 1`: enough to tell whether they fit in `limit` levels. Trashed
 * folders below count too; restoring them puts them back where they were.
 */
export async function subtreeHeight(db: Db, folderIds: readonly string[], limit: number): Promise<number> {
  if (folderIds.length === 0) return 0;
  const result = await db.execute(sql`
    with recursive down(id, depth) as (
      select id, 1 from items where id in (${sql.join(
        folderIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and type = 'folder'
      union all
      select i.id, down.depth + 1 from items i join down on i.parent_id = down.id
      where i.type = 'folder' and down.depth <= ${limit}
    )
    select coalesce(max(depth), 0)::int as height from down`);
  return Number(rowsOf<{ height: number }>(result)[0]?.height ?? 0);
}

/**
 * For each of `ids`, those of `ids` that are its proper ancestors, nearest first and found lazily:
 * one walk up the tree for the whole set (`ancestryOf`), whatever the number of ids.
 */
export async function selectedAncestors(db: Db, ids: readonly string[]): Promise<(id: string) => Generator<string>> {
  const ancestry = await ancestryOf(db, ids.length < 2 ? [] : ids);
  return ancestry.selectedAbove(new Set(ids));
}

/**
 * The owner's folders that are in the trash: the trashed ones and the folders below them, one walk
 * down the browse indexes from the trashed folders (as big as the folders in the trash, not their
 * files).
 */
const trashedFolderIds = (ownerId: string) => sql`
  with recursive t(id) as (
    select id from items
    where owner_id = ${ownerId}::uuid and type = 'folder' and deleted_at is not null
    union all
    select i.id from items i join t on i.parent_id = t.id
    where i.owner_id = ${ownerId}::uuid and i.type = 'folder' and i.deleted_at is null
  )
  select id from t`;

/**
 * For the owner's rows whose own `deleted_at` is null: true when no folder above them is in the
 * trash either (ADR 0005: only the trashed item itself is marked). The trashed folders are found
 * once per statement and each row is checked against them by a hash look-up, so a listing or a
 * search costs what it did before, whatever it skips.
 */
export const notInTrashedFolder = (ownerId: string) =>
  sql`(${items.parentId} is null or ${items.parentId} not in (${trashedFolderIds(ownerId)}))`;

/** When an item was put in the trash (null: not marked, or no such item). */
export async function deletedAtOf(db: Db, id: string | null): Promise<Date | null> {
  if (!id) return null;
  const [row] = await db.select({ deletedAt: items.deletedAt }).from(items).where(eq(items.id, id));
  return row?.deletedAt ?? null;
}

export interface TrashedFolderFiles {
  category: ItemRow['category'];
  files: number;
  bytes: number;
}

/**
 * The files in the trash through a trashed folder above them (not themselves marked), by
 * category: the files directly in each of the owner's folders in the trash (`trashedFolderIds`),
 * looked up folder by folder on `items_parent_idx`, so the cost follows the trash. Joined as a set
 * the planner scans every item of every owner instead (its estimate for a recursive walk is ~1,000
 * folders): 60 ms for 10 trashed files among 200,000, against 3 ms.
 */
export async function filesInTrashedFolders(db: Db, ownerId: string): Promise<TrashedFolderFiles[]> {
  // `offset 0` keeps the lateral subquery from being pulled up into that join.
  const result = await db.execute(sql`
    select f.category, count(*)::int as files, coalesce(sum(f.size), 0)::float8 as bytes
    from (${trashedFolderIds(ownerId)}) t
    cross join lateral (
      select category, size from items f
      where f.parent_id = t.id and f.type = 'file' and f.deleted_at is null
      offset 0
    ) f
    group by f.category`);
  return rowsOf<TrashedFolderFiles>(result).map((r) => ({ ...r, files: Number(r.files), bytes: Number(r.bytes) }));
}
