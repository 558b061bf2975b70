import { FOLDER_DEPTH_MAX, type NavigationFolder, type NavigationLevelFolder } from '@filestore/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { items } from './items.table.js';

type FolderNode = Omit<NavigationFolder, 'folders'>;

/**
 * Assembles rows (siblings already in name order) into a tree whose roots are the rows directly
 * under `topId` (null: the owner's root). A row whose parent is not among them is left out with
 * what hangs below it: it lies in a trashed folder. The tree shown stops at `FOLDER_DEPTH_MAX`
 * levels, which only a tree made before that limit existed passes: its deeper folders are still
 * browsed, listed and zipped, but a response nested thousands deep overflows any serializer.
 */
function assemble(rows: readonly FolderNode[], topId: string | null): NavigationFolder[] {
  const nodes = new Map<string, NavigationFolder>(rows.map((r) => [r.id, { ...r, folders: [] }]));
  const roots: NavigationFolder[] = [];
  for (const node of nodes.values()) {
    if (node.parent_id === topId) roots.push(node);
    else if (node.parent_id) nodes.get(node.parent_id)?.folders.push(node);
  }
  let level = roots;
  for (let depth = 1; level.length; depth++) {
    if (depth === FOLDER_DEPTH_MAX) for (const node of level) node.folders = [];
    level = level.flatMap((node) => node.folders);
  }
  return roots;
}

/**
 * Every live folder of the owner as a tree, siblings by name: one query of the unmarked folders,
 * assembled in memory from the root down (which leaves out those in trashed folders).
 */
export async function folderTree(db: Db, ownerId: string): Promise<NavigationFolder[]> {
  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      color: items.color,
      emoji: items.emoji,
      parent_id: items.parentId,
    })
    .from(items)
    .where(and(eq(items.ownerId, ownerId), eq(items.type, 'folder'), isNull(items.deletedAt)))
    .orderBy(asc(sql`lower(${items.name})`), asc(items.id));
  return assemble(rows, null);
}

/**
 * The live folders below `rootId` as a tree (the root itself not included), for a link that
 * reaches only that subtree: one recursive query down `items_parent_idx`, nothing above the root,
 * however deep (the tree has no loops, migration 0009).
 */
export async function subtreeFolderTree(db: Db, rootId: string): Promise<NavigationFolder[]> {
  const result = await db.execute(sql`
    with recursive down(id) as (
      select id from items where parent_id = ${rootId}::uuid and type = 'folder' and deleted_at is null
      union all
      select i.id from items i join down on i.parent_id = down.id
      where i.type = 'folder' and i.deleted_at is null
    )
    select i.id, i.name, i.color, i.emoji, i.parent_id from items i join down on down.id = i.id
    order by lower(i.name), i.id`);
  return assemble(rowsOf<FolderNode>(result), rootId);
}

/**
 * One level of the owner's folder tree (ADR 0072): the live folders directly in `parentId` (null:
 * the owner's root), by name, each saying whether it holds a live folder. One range of
 * `items_browse_name_idx`, and one probe of it per folder for the flag: what it reads is the level,
 * never the rest of the tree. The caller has decided access to `parentId` (a live folder, so what
 * lies in it is live too unless trashed itself).
 */
export async function folderLevel(db: Db, ownerId: string, parentId: string | null): Promise<NavigationLevelFolder[]> {
  const parent = parentId === null ? sql`i.parent_id is null` : sql`i.parent_id = ${parentId}::uuid`;
  const result = await db.execute(sql`
    select i.id, i.name, i.color, i.emoji, i.parent_id,
      exists (
        select 1 from items c
        where c.owner_id = i.owner_id and c.parent_id = i.id and c.type = 'folder' and c.deleted_at is null
      ) as has_folders
    from items i
    where i.owner_id = ${ownerId}::uuid and ${parent} and i.type = 'folder' and i.deleted_at is null
    order by lower(i.name), i.id`);
  return rowsOf<NavigationLevelFolder>(result);
}
