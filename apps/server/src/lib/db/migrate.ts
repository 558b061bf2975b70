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
 * An applied migration's file no longer matches what was applied: the schema this code expects
 * may not be the schema the database has, so nothing may run on it. Its message is the whole story
 * (start-up prints it and exits).
 */
export class MigrationChangedError extends Error {
  constructor(readonly tags: string[]) {
    super(
      `${tags.length > 1 ? 'Migrations' : 'Migration'} ${tags.join(', ')} ${tags.length > 1 ? 'were' : 'was'} ` +
        `changed after being applied to this database ` +
        `(the SHA-256 of the file no longer matches the one recorded in schema_migrations). ` +
        `Restore the original file: an applied migration must never be edited; add a new migration instead.`,
    );
    this.name = 'MigrationChangedError';
  }
}

/** A checkout that turned line endings into CRLF still has the same migration. */
const migrationHash = (text: string) => createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');

/**
 * Applies drizzle-kit's SQL files in order, each in its own transaction, under a transaction-level
 * advisory lock, so two processes starting at once apply each migration exactly once. First checks
 * that every migration already applied is still the file that was applied, and refuses to go on
 * (`MigrationChangedError`) if one is not.
 */
export async function migrate(db: Db, folder: string): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const migrations = [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map((entry) => {
      const text = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
      return { tag: entry.tag, text, hash: migrationHash(text) };
    });
  await assertAppliedUnchanged(db, migrations);
  const applied: string[] = [];
  for (const { tag, text, hash } of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      // Under the lock too: two concurrent "create table if not exists" can still collide in PostgreSQL.
      await tx.execute(
        sql`create table if not exists schema_migrations (tag text primary key, hash text not null, applied_at timestamptz not null default now())`,
      );
      const rows = await tx.execute<{ hash: string }>(sql`select hash from schema_migrations where tag = ${tag}`);
      const [row] = rowsOf<{ hash: string }>(rows);
      // Another process may have applied it since the check above, from other files.
      if (row && row.hash !== hash) throw new MigrationChangedError([tag]);
      if (row) return false;
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (tag, hash) values (${tag}, ${hash})`);
      return true;
    });
    if (done) applied.push(tag);
  }
  return applied;
}

async function assertAppliedUnchanged(db: Db, migrations: { tag: string; hash: string }[]): Promise<void> {
  const exists = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('schema_migrations')::text as name`),
  );
  if (!exists[0]?.name) return;
  const stored = new Map(
    rowsOf<{ tag: string; hash: string }>(await db.execute(sql`select tag, hash from schema_migrations`)).map((r) => [
      r.tag,
      r.hash,
    ]),
  );
  const changed = migrations.filter((m) => stored.has(m.tag) && stored.get(m.tag) !== m.hash).map((m) => m.tag);
  if (changed.length) throw new MigrationChangedError(changed);
}

/** node-postgres and PGlite both answer `execute` with an object holding `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
