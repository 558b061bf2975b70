import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess, until, withAdmin } from '../../../test/process.js';
import { isDatabaseUnavailable, openDatabase } from './database.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection dropped under a request', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-pgloss-'));
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: database!.url,
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
    });
    await server.start();
  });

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers that request 503 with a stable code, stays up, and serves the next one', async () => {
    const client = new HttpClient(() => server.url);
    expect((await client.postJson('/api/login', ADMIN)).status).toBe(200);
    expect((await client.postJson('/api/create-folder', { name: 'Before' })).status).toBe(201);

    await withAdmin(database!.url, async (holder) => {
      // Hold the owner's row so the next folder creation waits inside its transaction, on a
      // connection it has checked out of the pool: the case that used to kill the process.
      await holder.query('begin');
      await holder.query(`select id from users where email = $1 for update`, [ADMIN.email]);
      const inFlight = client.postJson('/api/create-folder', { name: 'During' });
      await until(async () => {
        const { rows } = await holder.query(
          `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [database!.name],
        );
        return rows.length > 0;
      });
      // Only this test's database: other test runs share the PostgreSQL server.
      const { rows } = await holder.query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [database!.name],
      );
      expect(rows.length).toBeGreaterThan(0);
      const answer = await inFlight;
      expect(answer.status).toBe(503);
      expect(answer.json()).toMatchObject({ type: 'error', code: 'service.database_unavailable' });
      expect(answer.headers.get('retry-after')).toBe('5');
      await holder.query('rollback');
    });

    expect(server.alive).toBe(true);
    const after = await client.postJson('/api/create-folder', { name: 'After' });
    expect(after.status).toBe(201);
    const listing = (await client.request('GET', '/api/user')).status;
    expect(listing).toBe(200);
    // The recovery is logged by the server as it happens, which reaches this process's pipe a
    // moment after the answers that follow it did (CI once read the output just before).
    await until(() => server.output.includes('database is available again'), 10_000);
    // The outage is one line in the log, not one per failed request or connection.
    expect(server.output.match(/the database cannot be reached/g)).toHaveLength(1);
    expect(server.output).not.toContain('request failed');
  });
});

describe('a database that cannot be reached', () => {
  it('is told apart from a failing statement, for queries and transactions alike', async () => {
    const port = await freePort(); // nothing listens there
    const unreachable = await openDatabase({ driver: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/none` });
    try {
      const query = await unreachable.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(query)).toBe(true);
      const tx = await unreachable.db.transaction(async (t) => t.execute(sql`select 1`)).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(tx)).toBe(true);
    } finally {
      await unreachable.close();
    }
    // A statement that fails (here a unique violation, as the driver reports it) is not an outage.
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: duplicate }))).toBe(false);
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: terminated }))).toBe(true);
  });
});
