import type { NavigationFolder } from '@filestore/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { items } from './items.table.js';

/** Every live folder of the owner as a tree, siblings by name: one query, assembled in memory. */
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
  const nodes = new Map<string, NavigationFolder>(rows.map((r) => [r.id, { ...r, folders: [] }]));
  const roots: NavigationFolder[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    (parent ? parent.folders : roots).push(node);
  }
  return roots;
}
