import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './database.js';

interface Journal {
  entries: { idx: number; tag: string }[];
}

// Any constant works; it only has to be the same in every process of this product.
const MIGRATION_LOCK_KEY = 724_310_551;

/**
 * Applies drizzle-kit's SQL files in order, each in its own transaction, under a transaction-level
 * advisory lock, so two processes starting at once apply each migration exactly once.
 */
export async function migrate(db: Db, folder: string): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const applied: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const text = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      // Under the lock too: two concurrent "create table if not exists" can still collide in PostgreSQL.
      await tx.execute(
        sql`create table if not exists schema_migrations (tag text primary key, hash text not null, applied_at timestamptz not null default now())`,
      );
      const rows = await tx.execute<{ tag: string }>(sql`select tag from schema_migrations where tag = ${entry.tag}`);
      if (rowsOf(rows).length > 0) return false;
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (tag, hash) values (${entry.tag}, ${hash})`);
      return true;
    });
    if (done) applied.push(entry.tag);
  }
  return applied;
}

/** node-postgres and PGlite both answer `execute` with an object holding `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
