import type { FileCategory } from '@filestore/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { items } from '../files/index.js';

export interface CategoryUsage {
  category: FileCategory;
  /** Bytes of live and trashed files: trashed bytes occupy space until the trash is emptied. */
  bytes: number;
  trashedBytes: number;
}

/**
 * Two grouped sums over the owner's files: the live ones from their own index (items_latest_idx),
 * the trashed ones from the trash's (items_trash_idx). No index of its own: an index over every
 * file would cost an entry for each row a trash or restore of a folder touches.
 */
export async function usageByCategory(db: Db, ownerId: string): Promise<CategoryUsage[]> {
  const sums = (trashed: boolean) =>
    db
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
  const [live, trashed] = [await sums(false), await sums(true)];
  const byCategory = new Map<FileCategory, CategoryUsage>();
  const add = (rows: typeof live, isTrash: boolean) => {
    for (const r of rows) {
      const category = r.category ?? 'other';
      const usage = byCategory.get(category) ?? { category, bytes: 0, trashedBytes: 0 };
      usage.bytes += Number(r.bytes);
      if (isTrash) usage.trashedBytes += Number(r.bytes);
      byCategory.set(category, usage);
    }
  };
  add(live, false);
  add(trashed, true);
  return [...byCategory.values()];
}
