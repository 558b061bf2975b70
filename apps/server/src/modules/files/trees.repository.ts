import { FOLDER_DEPTH_MAX } from '@filestore/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { folderTooDeep } from './files.errors.js';
import { items } from './items.table.js';

export interface TreeRow {
  rootId: string;
  id: string;
  parentId: string;
  type: 'folder' | 'file';
  name: string;
  blobKey: string | null;
  size: number;
  mtime: Date;
}

interface RawTreeRow {
  root_id: string;
  id: string;
  parent_id: string;
  type: 'folder' | 'file';
  name: string;
  blob_key: string | null;
  size: number | string;
  mtime: Date | string;
}

/**
 * The live contents of the given folders, in one recursive query: a trashed item is left out with
 * everything below it. Rows come grouped by root and in path order, so a folder always precedes
 * what it contains and the same tree always zips to the same listing.
 *
 * Folders nest at most `FOLDER_DEPTH_MAX` deep, so nothing lies deeper below a chosen folder. A
 * tree made deeper before that limit existed is refused whole rather than zipped in part: the walk
 * goes one level past the limit only to notice it.
 */
export async function liveTrees(db: Db, folderIds: readonly string[]): Promise<TreeRow[]> {
  if (folderIds.length === 0) return [];
  const roots = sql.join(
    folderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with recursive tree(root_id, id, parent_id, type, name, blob_key, size, mtime, segments, depth) as (
      select c.parent_id, c.id, c.parent_id, c.type, c.name, c.blob_key, c.size, c.updated_at, array[c.name], 1
      from items c
      where c.parent_id in (${roots}) and c.deleted_at is null
      union all
      select t.root_id, c.id, c.parent_id, c.type, c.name, c.blob_key, c.size, c.updated_at, t.segments || c.name, t.depth + 1
      from items c join tree t on c.parent_id = t.id
      where t.type = 'folder' and c.deleted_at is null and t.depth <= ${FOLDER_DEPTH_MAX}
    )
    select root_id, id, parent_id, type, name, blob_key, size, mtime, depth from tree
    order by root_id, segments, id`);
  const rows = rowsOf<RawTreeRow & { depth: number }>(result);
  if (rows.some((r) => Number(r.depth) > FOLDER_DEPTH_MAX)) throw folderTooDeep();
  return rows.map((r) => ({
    rootId: r.root_id,
    id: r.id,
    parentId: r.parent_id,
    type: r.type,
    name: r.name,
    blobKey: r.blob_key,
    size: Number(r.size),
    mtime: new Date(r.mtime),
  }));
}

/** Live files anywhere below the folder, however deep (the tree has no loops): one recursive query. */
export async function countLiveFilesBelow(db: Db, folderId: string): Promise<number> {
  const result = await db.execute(sql`
    with recursive down(id) as (
      select id from items where id = ${folderId}::uuid
      union all
      select i.id from items i join down on i.parent_id = down.id
      where i.type = 'folder' and i.deleted_at is null
    )
    select count(*)::int as n from items f join down on f.parent_id = down.id
    where f.type = 'file' and f.deleted_at is null`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** The names of these items (trashed or not), by id; an item gone is absent. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: items.id, name: items.name })
    .from(items)
    .where(inArray(items.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
