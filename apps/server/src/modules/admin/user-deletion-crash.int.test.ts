import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess, until } from '../../../test/process.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };
const RESTARTS_TIMEOUT = 300_000;
const waitFor = <T>(check: () => T | Promise<T>) => until(check, 60_000, 200);

/** The blobs in the local storage folder (two-letter shards; not the meta, temp or multipart folders). */
function blobCount(dataDir: string): number {
  const root = path.join(dataDir, 'storage');
  let n = 0;
  for (const shard of readdirSync(root)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    n += readdirSync(path.join(root, shard)).length;
  }
  return n;
}

/**
 * kill -9 of the real server in the middle of deleting an account (its files gone in a committed
 * batch, its folders and row still there), then a restart: the deletion goes on from there by
 * itself and ends with the account and every blob of it gone, the other user's untouched (ADR 0040).
 */
describe('deleting a user across a crash of the server process', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let admin: HttpClient;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-user-deletion-crash-'));
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
    });
    await server.start({ FILESTORE_TEST_CRASH_AT: 'user-deletion-batch-committed' });
    admin = new HttpClient(() => server.url);
    expect((await admin.postJson('/api/login', ADMIN)).status).toBe(200);
  }, RESTARTS_TIMEOUT);

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function userWithFiles(email: string, files: string[]) {
    const created = await admin.postJson('/api/admin/users', {
      name: email.split('@')[0],
      email,
      password: 'user-password-1',
      password_confirmation: 'user-password-1',
      role: 'user',
    });
    expect(created.status, created.text).toBe(201);
    const client = new HttpClient(() => server.url);
    expect((await client.postJson('/api/login', { email, password: 'user-password-1' })).status).toBe(200);
    const folder = await client.postJson('/api/create-folder', { name: 'Stuff' });
    expect(folder.status, folder.text).toBe(201);
    for (const name of files) {
      const res = await client.postForm(
        '/api/upload/chunks',
        { name, parent_id: folder.json().data.id, is_last_chunk: true },
        randomBytes(2000),
      );
      expect(res.status, res.text).toBe(201);
    }
    return { id: created.json().data.id as string, client };
  }

  it(
    'resumes after the restart and removes exactly the account’s rows and blobs',
    async () => {
      const alice = await userWithFiles('alice@example.com', ['a.bin', 'b.bin', 'c.bin']);
      const bob = await userWithFiles('bob@example.com', ['x.bin']);
      expect(blobCount(dataDir)).toBe(4);

      const started = await admin.request(
        'DELETE',
        `/api/admin/users/${alice.id}`,
        JSON.stringify({ email: 'alice@example.com' }),
        {
          'content-type': 'application/json',
        },
      );
      expect(started.status, started.text).toBe(202);
      // The job dies right after committing the batch of files.
      expect((await server.exited()).signal).toBe('SIGKILL');

      await server.start();
      const done = await waitFor(async () => {
        const res = await admin.request('GET', `/api/admin/users/${alice.id}/deletion`);
        return res.status === 200 && res.json().data.status === 'done' ? res.json().data : null;
      });
      expect(done).toMatchObject({ phase: 'done', total_items: 4, deleted_items: 4 });
      expect((await admin.request('GET', `/api/admin/users/${alice.id}`)).status).toBe(404);
      await waitFor(() => blobCount(dataDir) === 1);
      expect((await bob.client.request('GET', '/api/browse/folders/all')).json().data).toHaveLength(1);
      const audit = (await admin.request('GET', `/api/admin/audit?user=${alice.id}`)).json().data;
      expect(audit.map((e: { action: string }) => e.action)).toEqual([
        'user.deleted',
        'user.deletion_started',
        'user.created',
      ]);
    },
    RESTARTS_TIMEOUT,
  );
});
