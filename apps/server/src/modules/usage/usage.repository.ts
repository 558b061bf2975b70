import type { FileCategory } from '@filestore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { items } from '../files/index.js';

export interface CategoryUsage {
  category: FileCategory;
  /** Bytes of live and trashed files: trashed bytes occupy space until the trash is emptied. */
  bytes: number;
  trashedBytes: number;
}

/** One grouped sum over the owner's files, served by the (owner_id, category) index. */
export async function usageByCategory(db: Db, ownerId: string): Promise<CategoryUsage[]> {
  const rows = await db
    .select({
      category: items.category,
      bytes: sql<string>`coalesce(sum(${items.size}), 0)`,
      trashedBytes: sql<string>`coalesce(sum(${items.size}) filter (where ${items.deletedAt} is not null), 0)`,
    })
    .from(items)
    .where(and(eq(items.ownerId, ownerId), eq(items.type, 'file')))
    .groupBy(items.category);
  return rows.map((r) => ({
    category: r.category ?? 'other',
    bytes: Number(r.bytes),
    trashedBytes: Number(r.trashedBytes),
  }));
}
