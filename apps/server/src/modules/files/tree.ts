import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { adjustChildCounts } from './items.repository.js';
import type { ItemRow } from './items.table.js';
import { lockTreesOf, type Actor } from './access.js';
import { users } from '../users/index.js';

/**
 * Runs `work` in a transaction that first locks the owner's `users` row, the lock uploads take
 * before they add a file. Moves, trashes, restores, deletions, new folders and new files check
 * liveness and ancestry and then write; two of them interleaving on PostgreSQL could otherwise
 * create a cycle (A into B while B into A) or leave a live item under a trashed folder. Checks run
 * inside `work`, after the lock; each later statement sees what the previous holder committed.
 */
export async function withTreeLock<T>(db: Db, ownerId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    return work(tx);
  });
}

/**
 * `withTreeLock` for a request of `actor` naming `ids` (items it changes, folders it adds to; null
 * for the top of its tree): the actor's own tree and the team owners' trees those ids lie in are
 * locked in one statement (`lockTreesOf`), so what a member changes in a team folder is serialised
 * with its owner's own changes. `work` gets the owners locked.
 */
export async function withTreeLockFor<T>(
  db: Db,
  actor: Actor,
  ids: readonly (string | null | undefined)[],
  work: (tx: Db, owners: readonly string[]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => work(tx, await lockTreesOf(tx, actor, ids)));
}

export type CountDeltas = Map<string | null, { folders: number; files: number }>;

/** Counts rows by parent and type: the deltas a change applies to each folder's (or the root's) counters. */
export function countsByParent(rows: readonly Pick<ItemRow, 'parentId' | 'type'>[], sign: 1 | -1): CountDeltas {
  const groups: CountDeltas = new Map();
  for (const row of rows) {
    const g = groups.get(row.parentId) ?? { folders: 0, files: 0 };
    if (row.type === 'folder') g.folders += sign;
    else g.files += sign;
    groups.set(row.parentId, g);
  }
  return groups;
}

/**
 * Applies the deltas in at most two statements (the root's counters, then every folder's at once),
 * so a request naming thousands of items in as many folders costs one update, not one per folder.
 */
export async function applyCounts(db: Db, ownerId: string, deltas: CountDeltas) {
  const root = deltas.get(null);
  if (root) await adjustChildCounts(db, ownerId, null, root);
  const values = [...deltas].flatMap(([parentId, d]) =>
    parentId !== null && (d.folders || d.files) ? [sql`(${parentId}::uuid, ${d.folders}::int, ${d.files}::int)`] : [],
  );
  if (!values.length) return;
  await db.execute(sql`
    update items set folder_count = folder_count + v.folders, file_count = file_count + v.files
    from (values ${sql.join(values, sql`, `)}) as v(id, folders, files)
    where items.id = v.id`);
}

/**
 * A folder's counters hold its children that are not themselves marked trashed: live ones, and in a
 * trashed folder those in the trash through it (they come back with it). A trashed item is not
 * counted in its parent (ADR 0005).
 */
export const countedInParent = (row: Pick<ItemRow, 'deletedAt'>) => row.deletedAt === null;
