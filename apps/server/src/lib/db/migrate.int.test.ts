import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../app/context.js';
import { openDatabase, type Database } from './database.js';
import { migrate, rowsOf } from './migrate.js';
import { freshTestDatabase, testDatabaseKind } from '../../../test/harness.js';

/** An empty database of this run's kind (PGlite, or a fresh PostgreSQL database), closed and dropped after `use`. */
async function withEmptyDatabase(
  use: (database: Database, target: Parameters<typeof openDatabase>[0]) => Promise<void>,
) {
  const { target, drop } = await freshTestDatabase();
  const database = await openDatabase(target);
  try {
    await use(database, target);
  } finally {
    await database.close();
    await drop();
  }
}

describe('migrations', () => {
  it(`apply once on ${testDatabaseKind} and are a no-op the second time`, async () => {
    await withEmptyDatabase(async (database) => {
      expect((await migrate(database.db, MIGRATIONS_DIR)).length).toBeGreaterThan(0);
      expect(await migrate(database.db, MIGRATIONS_DIR)).toEqual([]);
    });
  });

  it.skipIf(testDatabaseKind !== 'postgres')('are safe when two processes start at once on PostgreSQL', async () => {
    await withEmptyDatabase(async (a, target) => {
      const b = await openDatabase(target);
      try {
        const [ra, rb] = await Promise.all([migrate(a.db, MIGRATIONS_DIR), migrate(b.db, MIGRATIONS_DIR)]);
        // Each migration is its own transaction, so the two may share the work: each exactly once.
        const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
          entries: { tag: string }[];
        };
        expect([...ra, ...rb].sort()).toEqual(journal.entries.map((e) => e.tag).sort());
        const rows = rowsOf<{ n: string }>(await a.db.execute(sql`select count(*)::text as n from schema_migrations`));
        expect(Number(rows[0]?.n)).toBe(ra.length + rb.length);
      } finally {
        await b.close();
      }
    });
  });
  it('0008 keeps the trash as it was: what went with a folder is in the trash through it, unmarked', async () => {
    // The migrations up to 0007 (every row of a trashed subtree marked), some data, then 0008.
    const before = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag.startsWith('0008'));
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    await withEmptyDatabase(async (database) => {
      await migrate(database.db, before);
      const ids = {
        owner: '10000000-0000-4000-8000-000000000000',
        top: '20000000-0000-4000-8000-000000000000',
        inner: '30000000-0000-4000-8000-000000000000',
        alone: '40000000-0000-4000-8000-000000000000',
        file: '50000000-0000-4000-8000-000000000000',
      };
      await database.db.execute(
        sql.raw(`insert into users (id, email, color) values ('${ids.owner}', 'a@example.com', '#000')`),
      );
      await database.db.execute(
        sql.raw(`
        insert into items (id, owner_id, parent_id, type, name, deleted_at, trash_root_id) values
          ('${ids.top}', '${ids.owner}', null, 'folder', 'Top', now(), '${ids.top}'),
          ('${ids.inner}', '${ids.owner}', '${ids.top}', 'folder', 'Inner', now(), '${ids.top}'),
          ('${ids.alone}', '${ids.owner}', '${ids.top}', 'file', 'alone.txt', now() - interval '1 day', '${ids.alone}'),
          ('${ids.file}', '${ids.owner}', '${ids.inner}', 'file', 'deep.txt', now(), '${ids.top}')`),
      );
      expect(await migrate(database.db, MIGRATIONS_DIR)).toEqual(journal.entries.slice(cut).map((e) => e.tag));
      const rows = rowsOf<{ id: string; marked: boolean; trashed_by: string | null }>(
        await database.db.execute(
          sql`select id, deleted_at is not null as marked, item_trashed_by(id) as trashed_by from items order by id`,
        ),
      );
      expect(rows).toEqual([
        { id: ids.top, marked: true, trashed_by: ids.top },
        { id: ids.inner, marked: false, trashed_by: ids.top },
        { id: ids.alone, marked: true, trashed_by: ids.alone },
        { id: ids.file, marked: false, trashed_by: ids.top },
      ]);
    }).finally(() => rmSync(before, { recursive: true, force: true }));
  });
});
