import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bulkUploadResponse } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkBody, manifestOf, type SentFile } from '../../../test/bulk.js';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess, until } from '../../../test/process.js';
import { HOLD_MS } from './bulk-uploads.repository.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };
/** The real server starts two or three times; the embedded database takes a while to open on a busy machine. */
const RESTARTS_TIMEOUT = 300_000;

/**
 * kill -9 of the real server process in the middle of a bulk upload, then the same request again
 * with the same Idempotency-Key: every file ends up there exactly once, with its bytes.
 */
describe('bulk upload across a crash of the server process', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let client: HttpClient;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-bulk-crash-'));
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
    });
    // Dies (SIGKILL) right after the first transaction of the group commit made its files.
    await server.start({ FILESTORE_TEST_CRASH_AT: 'batch-committed' });
    client = new HttpClient(() => server.url);
    expect((await client.postJson('/api/login', ADMIN)).status).toBe(200);
  }, RESTARTS_TIMEOUT);

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const liveFiles = async () =>
    (
      (await client.request('GET', '/api/browse/folders/all')).json().data as {
        data: { id: string; type: string; attributes: { name: string } };
      }[]
    ).filter((r) => r.data.type === 'file');
  const download = async (id: string) => {
    const res = await fetch(`${server.url}/api/files/${id}/download`, { headers: client.authHeaders() });
    return Buffer.from(await res.arrayBuffer());
  };

  it(
    'makes every file exactly once when the request is sent again with its key',
    async () => {
      const files: SentFile[] = Array.from({ length: 40 }, (_, i) => ({
        name: `crash-${i}.bin`,
        content: randomBytes(16 * 1024 + i * 512),
      }));
      const key = randomUUID();
      const { contentType, payload } = bulkBody(manifestOf(null, files), files);
      const send = () =>
        client.request('POST', '/api/upload/bulk', new Uint8Array(payload), {
          'content-type': contentType,
          'idempotency-key': key,
        });

      const cut = await send().then(
        (r) => r.status,
        () => 'connection lost',
      );
      expect(cut).toBe('connection lost');
      expect((await server.exited()).signal).toBe('SIGKILL');

      await server.start();
      const before = await liveFiles();
      // The transaction that committed before the kill made some of them; not all arrived in it.
      expect(before.length).toBeGreaterThan(0);
      expect(before.length).toBeLessThan(files.length);

      // On PostgreSQL another node might still be running the key: its claim stands until it expires.
      const answer = await until(
        async () => {
          const res = await send();
          return res.status === 409 ? null : res;
        },
        HOLD_MS * 3,
        500,
      );
      expect(answer.status, answer.text).toBe(200);
      const outcomes = bulkUploadResponse.parse(answer.json()).data;
      expect(outcomes.map((o) => o.status)).toEqual(files.map(() => 'created'));
      const ids = outcomes.map((o) => (o.status === 'created' ? o.item.data.id : ''));
      // The files made before the crash are answered, not made again.
      for (const made of before) expect(ids).toContain(made.data.id);

      const after = await liveFiles();
      expect(after.map((r) => r.data.attributes.name).sort()).toEqual(files.map((f) => f.name).sort());
      for (const [i, id] of ids.entries()) expect((await download(id)).equals(files[i]?.content as Buffer)).toBe(true);

      // Once more (its answer lost again): the same files.
      const again = bulkUploadResponse.parse((await send()).json()).data;
      expect(again.map((o) => (o.status === 'created' ? o.item.data.id : ''))).toEqual(ids);
      expect(await liveFiles()).toHaveLength(files.length);
    },
    RESTARTS_TIMEOUT,
  );
});
