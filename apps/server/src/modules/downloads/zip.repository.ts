import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';

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
      where t.type = 'folder' and c.deleted_at is null and t.depth < 1000
    )
    select root_id, id, parent_id, type, name, blob_key, size, mtime from tree
    order by root_id, segments, id`);
  return rowsOf<RawTreeRow>(result).map((r) => ({
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
