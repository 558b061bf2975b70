import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/db/migrate.js';
import { startTestServer, testDatabaseKind, type TestServer } from './harness.js';

// The race tests (moves forming a cycle, uploads past the quota, parallel wrong passwords) can only
// fail where requests really run at once: on PostgreSQL, on several pooled connections.
describe.skipIf(testDatabaseKind !== 'postgres')('the test server on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('runs parallel requests on parallel connections, so races can happen', async () => {
    expect(server.ctx.databaseDriver).toBe('postgres');
    const started = performance.now();
    const backends = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.ctx.db
          .execute(sql`select pg_backend_pid() as pid, pg_sleep(1)`)
          .then((r) => rowsOf<{ pid: number }>(r)[0]?.pid),
      ),
    );
    // One connection would take 4 s.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(new Set(backends).size).toBe(4);
  });
});
