import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../app/context.js';
import { openDatabase, type Database } from './database.js';
import { migrate, MigrationChangedError, rowsOf } from './migrate.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder whose journal lists only the first `count` migrations. */
function migrationsUpTo(count: number): { dir: string; tags: string[]; all: Journal } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const all = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  writeFileSync(journalPath, JSON.stringify({ ...all, entries: all.entries.slice(0, count) }));
  return { dir, tags: all.entries.slice(0, count).map((e) => e.tag), all };
}

const appliedTags = async (db: Parameters<typeof migrate>[0]) =>
  rowsOf<{ tag: string }>(await db.execute(sql`select tag from schema_migrations order by tag`)).map((r) => r.tag);
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

  it('refuse to run when an applied migration was changed, naming it, and apply nothing after it', async () => {
    const { dir, tags, all } = migrationsUpTo(3);
    const database = await openDatabase({ driver: 'pglite-memory' });
    try {
      expect(await migrate(database.db, dir)).toEqual(tags);
      const changed = tags[1] ?? '';
      appendFileSync(path.join(dir, `${changed}.sql`), '\nALTER TABLE "users" ADD COLUMN "nickname" text;');
      // The pending migrations come back into the journal: they must not be applied either.
      writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(all));
      const error = await migrate(database.db, dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationChangedError);
      expect((error as Error).message).toContain(`Migration ${changed} was changed`);
      expect(await appliedTags(database.db)).toEqual(tags);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('accept an applied migration whose only change is CRLF line endings', async () => {
    const { dir, tags } = migrationsUpTo(2);
    const database = await openDatabase({ driver: 'pglite-memory' });
    try {
      await migrate(database.db, dir);
      for (const tag of tags) {
        const file = path.join(dir, `${tag}.sql`);
        writeFileSync(file, readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
      }
      expect(await migrate(database.db, dir)).toEqual([]);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stop the real server process with a message naming the changed migration, not a stack trace', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-changed-migration-'));
    try {
      const database = await openDatabase({ driver: 'pglite', dir: path.join(dataDir, 'db') });
      let changed: string;
      try {
        await migrate(database.db, MIGRATIONS_DIR);
        changed = (await appliedTags(database.db))[2] ?? '';
        // What the server sees when that file was edited after it ran: its hash no longer matches.
        await database.db.execute(
          sql`update schema_migrations set hash = encode(sha256('edited'::bytea), 'hex') where tag = ${changed}`,
        );
      } finally {
        await database.close();
      }
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error' },
        encoding: 'utf8',
        timeout: 150_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Migration ${changed} was changed after being applied to this database`);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stdout).not.toContain('ready on');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
