import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import type { StorageDriver } from '../storage/index.js';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  startTestServer,
  uploadFile,
  type FormFields,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { writeSettings } from '../settings/index.js';
import { SETTINGS_REUSE_MS } from './store-file.js';

const CHUNK = 5 * MiB;

const chunkFields = (name: string, uploadId: string, size: number, offset: number) => ({
  name,
  upload_id: uploadId,
  offset,
  size,
  chunk_size: CHUNK,
  is_last_chunk: offset + CHUNK >= size,
});

const sendChunk = (server: TestServer, client: TestClient, fields: FormFields, content: Buffer) =>
  postMultipart(server, client, '/api/upload/chunks', fields, { content });

const count = async (server: TestServer, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await server.ctx.db.execute(query))[0]?.n);

/** Uploads still reserving space, and files of that name. */
const openSessions = (server: TestServer) =>
  count(server, sql`select count(*)::int as n from upload_sessions where completed_file_id is null`);
const filesNamed = (server: TestServer, name: string) =>
  count(server, sql`select count(*)::int as n from items where name = ${name}`);

function storageRoot(server: TestServer): string {
  const storage = server.ctx.config.storage;
  if (storage.driver !== 'local') throw new Error('these tests look at the local driver');
  return storage.root;
}

/** Blobs, unfinished multipart uploads and temp files on the local driver. */
function storageContents(server: TestServer) {
  const root = storageRoot(server);
  const list = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : []);
  const files = (dir: string) => list(dir).filter((e) => e.isFile() && e.name !== 'owner.json').length;
  const blobs = existsSync(root)
    ? readdirSync(root)
        .filter((d) => !d.startsWith('.'))
        .reduce((n, shard) => n + readdirSync(path.join(root, shard)).length, 0)
    : 0;
  return { blobs, multipart: files(path.join(root, '.multipart')), temp: files(path.join(root, '.tmp')) };
}

const diskFull = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('finishing chunked uploads', () => {
  let server: TestServer;
  let alice: TestClient;
  const restore: (() => void)[] = [];

  /** Replaces one storage method for the rest of the test. */
  function intercept<K extends keyof StorageDriver>(
    name: K,
    replacement: (original: StorageDriver[K]) => StorageDriver[K],
  ) {
    const driver = server.ctx.storage;
    const original = driver[name];
    (driver as unknown as Record<K, StorageDriver[K]>)[name] = replacement(
      (typeof original === 'function' ? original.bind(driver) : original) as StorageDriver[K],
    );
    restore.push(() => ((driver as unknown as Record<K, StorageDriver[K]>)[name] = original));
  }

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    alice = await registerUser(server, 'alice@example.com');
  });
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers a file sent in one request with its new folder named, and checks settings that changed while the bytes were on their way', async () => {
    const folder = await alice.request('POST', '/api/create-folder', { name: 'Drop' });
    const parentId = folder.json<{ data: { id: string } }>().data.id;
    const made = await uploadFile(server, alice, { name: 'quick.bin', content: randomBytes(2 * MiB), parentId });
    expect(made.status).toBe(201);
    const file = made.json<{
      data: { attributes: { parent_id: string }; relationships: { parent: unknown; shared: unknown } };
    }>();
    expect(file.data.attributes.parent_id).toBe(parentId);
    expect(file.data.relationships).toEqual({
      parent: { data: { id: parentId, type: 'folder', attributes: { name: 'Drop' } } },
      shared: null,
    });

    // The admin lowers the upload limit while a file's bytes are still being stored, and it took
    // longer than the admitted settings stand for (SETTINGS_REUSE_MS): the file is checked again.
    intercept('put', (put) => async (...args) => {
      const stored = await put(...args);
      await writeSettings(server.ctx.db, { upload_limit: 1 });
      await new Promise((resolve) => setTimeout(resolve, SETTINGS_REUSE_MS + 100));
      return stored;
    });
    try {
      const slow = await uploadFile(server, alice, { name: 'slow.bin', content: randomBytes(2 * MiB), parentId });
      expect(slow.status).toBe(413);
      expect(await filesNamed(server, 'slow.bin')).toBe(0);
      expect(storageContents(server).blobs).toBe(1);
    } finally {
      await writeSettings(server.ctx.db, { upload_limit: 0 });
    }
  });

  it('makes one file when the last chunk is sent again while the first copy is still finishing', async () => {
    const content = randomBytes(CHUNK + 1000);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('raced.bin', uploadId, content.length, offset);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);

    // The first copy joins the parts and then stands still (as a process about to die would).
    let joined!: () => void;
    const standing = new Promise<void>((resolve) => (joined = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    intercept('completeMultipart', (complete) => async (...args) => {
      await complete(...args);
      joined();
      await released;
    });
    const first = sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK));
    await standing;
    for (const undo of restore.splice(0)) undo();

    // Its answer never came, so the client sends the last chunk again, twice at once.
    const [a, b] = await Promise.all([
      sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK)),
      sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK)),
    ]);
    release();
    const c = await first;
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    const id = a.json().data.id;
    expect([b.json().data.id, c.json().data.id]).toEqual([id, id]);
    expect(await filesNamed(server, 'raced.bin')).toBe(1);
    const blob = await server.ctx.storage.get(`files/${id}`);
    expect(Buffer.concat(await blob.body.toArray()).equals(content)).toBe(true);
    expect(await openSessions(server)).toBe(0);
  });

  it('answers 507 storage.full when the disk fills under a chunk, ending the upload and its reservation', async () => {
    const before = storageContents(server);
    const content = randomBytes(CHUNK + 1000);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('full.bin', uploadId, content.length, offset);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);
    expect(await openSessions(server)).toBe(1);

    intercept('uploadPart', () => async () => Promise.reject(diskFull()));
    const refused = await sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK));
    expect(refused.status).toBe(507);
    expect(refused.json()).toMatchObject({ type: 'error', code: 'storage.full' });
    expect(server.ctx.outages.isDown('storage')).toBe(true);
    // Nothing half-made: no session reserving space, no parts, no file.
    expect(await openSessions(server)).toBe(0);
    expect(storageContents(server)).toEqual(before);
    expect(await filesNamed(server, 'full.bin')).toBe(0);
  });

  it('answers 507 when the disk fills while the parts are joined, and when a whole file is written', async () => {
    const before = storageContents(server);
    const content = randomBytes(CHUNK + 1000);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('joined.bin', uploadId, content.length, offset);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);
    intercept('completeMultipart', () => async () => Promise.reject(diskFull()));
    intercept('put', () => async () => Promise.reject(Object.assign(new Error('quota'), { code: 'EDQUOT' })));
    const last = await sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK));
    expect(last.status).toBe(507);
    expect(last.json().code).toBe('storage.full');
    const whole = await postMultipart(
      server,
      alice,
      '/api/upload/chunks',
      { name: 'whole.bin', is_last_chunk: true },
      { content: randomBytes(1000) },
    );
    expect(whole.status).toBe(507);
    expect(whole.json().code).toBe('storage.full');
    expect(await openSessions(server)).toBe(0);
    expect(storageContents(server)).toEqual(before);
    expect(await filesNamed(server, 'joined.bin')).toBe(0);
    expect(await filesNamed(server, 'whole.bin')).toBe(0);

    // Space again: uploads work, and the outage is over.
    for (const undo of restore.splice(0)) undo();
    const ok = await postMultipart(
      server,
      alice,
      '/api/upload/chunks',
      { name: 'after.bin', is_last_chunk: true },
      { content: randomBytes(1000) },
    );
    expect(ok.status).toBe(201);
    expect(server.ctx.outages.isDown('storage')).toBe(false);
  });
});

/** A real full disk: a small tmpfs under the storage (needs root to mount; skipped otherwise). */
function mountTmpfs(dir: string, size: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('uploads onto a disk that is really full', () => {
  let server: TestServer;
  let alice: TestClient;
  let mounted = false;

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    alice = await registerUser(server, 'alice@example.com');
    mounted = mountTmpfs(storageRoot(server), '8m');
  });
  afterAll(async () => {
    if (mounted) execFileSync('umount', ['-l', storageRoot(server)], { stdio: 'ignore' });
    await server.close();
  });

  it('answers 507 with nothing left behind, and uploads again once there is room', async (test) => {
    if (!mounted) test.skip('mounting a tmpfs needs root');
    const content = randomBytes(2 * CHUNK);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('big.bin', uploadId, content.length, offset);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);
    const refused = await sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK));
    expect(refused.status).toBe(507);
    expect(refused.json().code).toBe('storage.full');
    expect(await openSessions(server)).toBe(0);
    expect(storageContents(server)).toMatchObject({ blobs: 0, multipart: 0, temp: 0 });

    const whole = await postMultipart(
      server,
      alice,
      '/api/upload/chunks',
      { name: 'whole.bin', is_last_chunk: true },
      { content: randomBytes(9 * MiB) },
    );
    expect(whole.status).toBe(507);
    expect(storageContents(server)).toMatchObject({ blobs: 0, multipart: 0, temp: 0 });

    const small = await postMultipart(
      server,
      alice,
      '/api/upload/chunks',
      { name: 'small.bin', is_last_chunk: true },
      { content: randomBytes(1000) },
    );
    expect(small.status).toBe(201);
    expect(await filesNamed(server, 'big.bin')).toBe(0);
    expect(await filesNamed(server, 'whole.bin')).toBe(0);
  });
});
