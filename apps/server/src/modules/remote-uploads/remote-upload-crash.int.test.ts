import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess, until } from '../../../test/process.js';

/** The server fetches across a restart: a minute, looked at every 200 ms. */
const waitFor = <T>(check: () => T | Promise<T>) => until(check, 60_000, 200);
import { closeServer, listen } from '../../../test/remote-origins.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };
const RESTARTS_TIMEOUT = 300_000;
const CONTENT = randomBytes(100_000);

/**
 * kill -9 of the real server while it fetches a URL of a batch, then a restart: the URL in flight
 * is taken up again once its lease runs out, and the batch finishes (ADR 0027). The process cannot
 * take the tests' injected resolver, so it runs with REMOTE_UPLOAD_ALLOW_PRIVATE=true against a
 * node:http origin on loopback.
 */
describe('remote upload across a crash of the server process', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let client: HttpClient;
  let origin: Awaited<ReturnType<typeof listen>>;
  let slowSeen = 0;

  beforeAll(async () => {
    origin = await listen((req, res) => {
      if (req.url === '/slow-once.bin' && slowSeen++ === 0) {
        // The first attempt never ends: the server is killed while it waits for more bytes.
        res.writeHead(200, { 'content-length': CONTENT.length });
        res.write(CONTENT.subarray(0, 1000));
        return;
      }
      res.writeHead(200, { 'content-length': CONTENT.length });
      res.end(CONTENT);
    });
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-remote-crash-'));
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
      REMOTE_UPLOAD_ALLOW_PRIVATE: 'true',
      // A 3 s time cap makes a 6 s lease: the URL in flight comes back soon after the restart.
      REMOTE_UPLOAD_TIMEOUT_SECONDS: '3',
      // One URL at a time (ADR 0066 fetches several): first.bin is settled before the slow one is
      // killed, so no kill lands while it is stored and unsettled (which stores it twice, ADR 0027).
      REMOTE_UPLOAD_CONCURRENCY: '1',
    });
    await server.start();
    client = new HttpClient(() => server.url);
    expect((await client.postJson('/api/login', ADMIN)).status).toBe(200);
  }, RESTARTS_TIMEOUT);

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    if (origin) await closeServer(origin.server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'finishes a batch whose process died mid-URL',
    async () => {
      const base = `http://127.0.0.1:${origin.port}`;
      const urls = [`${base}/first.bin`, `${base}/slow-once.bin`, `${base}/last.bin`];
      const started = await client.postJson('/api/upload/remote', { urls });
      expect(started.status, started.text).toBe(201);
      const batchId = started.json().data.id as string;
      await waitFor(() => slowSeen > 0);
      await server.kill('SIGKILL');
      expect((await server.exited()).signal).toBe('SIGKILL');

      await server.start();
      const done = await waitFor(async () => {
        const res = await client.request('GET', `/api/upload/remote/${batchId}`);
        const attributes = res.json().data.attributes;
        return attributes.status === 'done' ? attributes : null;
      });
      expect(done).toMatchObject({ total: 3, processed: 3, failed: 0 });
      expect(slowSeen).toBe(2);
      const listed = (await client.request('GET', '/api/browse/folders/all')).json().data as {
        data: { id: string; attributes: { name: string; size: number } };
      }[];
      const names = listed.map((r) => r.data.attributes.name).sort();
      expect(names).toEqual(['first.bin', 'last.bin', 'slow-once.bin']);
      const slow = listed.find((r) => r.data.attributes.name === 'slow-once.bin');
      const download = await fetch(`${server.url}/api/files/${slow?.data.id}/download`, {
        headers: client.authHeaders(),
      });
      expect(Buffer.from(await download.arrayBuffer()).equals(CONTENT)).toBe(true);
    },
    RESTARTS_TIMEOUT,
  );
});
