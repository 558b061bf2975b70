import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../app/context.js';
import { openDatabase } from './database.js';
import { migrate, rowsOf } from './migrate.js';

describe('migrations', () => {
  it('apply once on the embedded database and are a no-op the second time', async () => {
    const database = await openDatabase({ driver: 'pglite-memory' });
    try {
      expect((await migrate(database.db, MIGRATIONS_DIR)).length).toBeGreaterThan(0);
      expect(await migrate(database.db, MIGRATIONS_DIR)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('are safe when two processes start at once on PostgreSQL', async () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = `filestore_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const a = await openDatabase({ driver: 'postgres', url: url.toString() });
    const b = await openDatabase({ driver: 'postgres', url: url.toString() });
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
      await a.close();
      await b.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
