import type { FileCategory } from '@filestore/contract';
import type { Db } from '../../lib/db/database.js';
import { fileBytesByCategory, fileBytesByCategoryOfAll, filesInTrashedFolders } from '../files/index.js';

export interface CategoryUsage {
  category: FileCategory;
  /** Bytes of live and trashed files: trashed bytes occupy space until the trash is emptied. */
  bytes: number;
  trashedBytes: number;
}

/**
 * Grouped sums over the owner's files: unmarked ones from their own index (items_latest_idx),
 * trashed ones from the trash's (items_trash_tops_idx), and those in the trash through a trashed
 * folder by one walk down from the trashed folders (ADR 0005), moved from live to trashed.
 */
export async function usageByCategory(db: Db, ownerId: string): Promise<CategoryUsage[]> {
  const sums = (trashed: boolean) => fileBytesByCategory(db, ownerId, trashed);
  const [unmarked, marked, below] = [await sums(false), await sums(true), await filesInTrashedFolders(db, ownerId)];
  const byCategory = new Map<FileCategory, CategoryUsage>();
  const add = (category: FileCategory | null, bytes: number, trashedBytes: number) => {
    const key = category ?? 'other';
    const usage = byCategory.get(key) ?? { category: key, bytes: 0, trashedBytes: 0 };
    usage.bytes += bytes;
    usage.trashedBytes += trashedBytes;
    byCategory.set(key, usage);
  };
  for (const r of unmarked) add(r.category, Number(r.bytes), 0);
  for (const r of marked) add(r.category, Number(r.bytes), Number(r.bytes));
  for (const r of below) add(r.category, 0, r.bytes);
  return [...byCategory.values()];
}

/** Bytes of every user's files by kind, trashed ones included (they occupy space too): the dashboard's. */
export async function usageOfAll(db: Db): Promise<{ category: FileCategory; bytes: number }[]> {
  const rows = await fileBytesByCategoryOfAll(db);
  const byCategory = new Map<FileCategory, number>();
  for (const r of rows)
    byCategory.set(r.category ?? 'other', (byCategory.get(r.category ?? 'other') ?? 0) + Number(r.bytes));
  return [...byCategory].map(([category, bytes]) => ({ category, bytes }));
}
