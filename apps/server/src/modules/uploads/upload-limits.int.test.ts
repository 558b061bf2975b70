import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import { writeSettings } from '../settings/index.js';
import { findUserByEmail } from '../users/index.js';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { uploadSessions } from './upload-sessions.table.js';

const CHUNK = 5 * MiB;

/** Blobs and unfinished multipart uploads on the local driver. */
function storageContents(server: TestServer): { blobs: number; multipart: number } {
  const storage = server.ctx.config.storage;
  if (storage.driver !== 'local') throw new Error('these tests look at the local driver');
  const root = storage.root;
  if (!existsSync(root)) return { blobs: 0, multipart: 0 };
  const shards = readdirSync(root).filter((d) => !d.startsWith('.'));
  const blobs = shards.reduce((n, shard) => n + readdirSync(path.join(root, shard)).length, 0);
  const multipartDir = path.join(root, '.multipart');
  return { blobs, multipart: existsSync(multipartDir) ? readdirSync(multipartDir).length : 0 };
}

const sessionCount = async (server: TestServer) =>
  rowsOf<{ n: number }>(
    await server.ctx.db.execute(sql`select count(*)::int as n from upload_sessions where completed_file_id is null`),
  )[0]?.n;

const firstChunk = (server: TestServer, client: TestClient, name: string, size: number, uploadId = randomUUID()) =>
  postMultipart(
    server,
    client,
    '/api/upload/chunks',
    { name, upload_id: uploadId, offset: 0, size, chunk_size: CHUNK, is_last_chunk: 0 },
    { content: randomBytes(CHUNK) },
  );

describe('what an upload may store', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let userId: string;
  const used = async () => (await findUserByEmail(server.ctx.db, 'user@example.com'))?.storageUsed;
  const setCapacity = (gigabytes: number | null) =>
    admin.request('PATCH', `/api/admin/users/${userId}/capacity`, { capacity: gigabytes });
  const setSetting = (name: string, value: unknown) => admin.request('PATCH', '/api/admin/settings', { name, value });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server);
    userId = await userIdOf(server, 'user@example.com');
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    // Each test starts from an empty account with the default rules.
    await server.ctx.db.execute(sql`delete from items where owner_id = ${userId}`);
    await server.ctx.db.execute(
      sql`update users set storage_used = 0, root_file_count = 0, root_folder_count = 0 where id = ${userId}`,
    );
    for (const session of await server.ctx.db.delete(uploadSessions).returning()) {
      await server.ctx.storage.abortMultipart(`files/${session.fileId}`, session.multipartId);
    }
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
    expect((await setCapacity(null)).status).toBe(200);
  });

  it('refuses a first chunk over the quota with 423, leaving no session and no bytes', async () => {
    expect((await setCapacity(0.001)).status).toBe(200); // 1 MB
    const before = storageContents(server);
    const res = await firstChunk(server, user, 'big.bin', 12 * MiB);
    expect(res.status).toBe(423);
    expect(res.json().code).toBe('upload.quota_exceeded');
    expect(await sessionCount(server)).toBe(0);
    expect(storageContents(server)).toEqual(before);

    const whole = await uploadFile(server, user, { name: 'two.bin', content: randomBytes(2_000_000) });
    expect(whole.status).toBe(423);
    expect(storageContents(server)).toEqual(before);
    expect(await used()).toBe(0);

    const fits = await uploadFile(server, user, { name: 'small.txt', content: 'fits' });
    expect(fits.status).toBe(201);
    expect(await used()).toBe(4);
  });

  it('counts running uploads against the quota, so parallel uploads cannot overshoot it together', async () => {
    expect((await setCapacity(0.02)).status).toBe(200); // 20 MB: room for one 12 MiB file, not two
    const a = randomUUID();
    const b = randomUUID();
    const [first, second] = await Promise.all([
      firstChunk(server, user, 'a.bin', 12 * MiB, a),
      firstChunk(server, user, 'b.bin', 12 * MiB, b),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 423]);
    expect(await sessionCount(server)).toBe(1);
    // A session's bytes are promised, not used.
    expect(await used()).toBe(0);
    expect((await firstChunk(server, user, 'c.bin', 8 * MiB)).status).toBe(423);

    const winner = first.status === 200 ? a : b;
    const content = randomBytes(12 * MiB);
    for (let offset = CHUNK; offset < content.length; offset += CHUNK) {
      const res = await postMultipart(
        server,
        user,
        '/api/upload/chunks',
        {
          name: 'a.bin',
          upload_id: winner,
          offset,
          size: content.length,
          chunk_size: CHUNK,
          is_last_chunk: offset + CHUNK >= content.length,
        },
        { content: content.subarray(offset, offset + CHUNK) },
      );
      expect(res.status).toBe(offset + CHUNK >= content.length ? 201 : 200);
    }
    expect(await used()).toBe(12 * MiB);
    expect((await firstChunk(server, user, 'd.bin', 8 * MiB)).status).toBe(423);
  });

  it('refuses files over the upload limit with 413 naming the limit, on the first chunk and in one request', async () => {
    expect((await setSetting('upload_limit', 1)).status).toBe(200);
    const before = storageContents(server);
    const chunked = await firstChunk(server, user, 'big.bin', 12 * MiB);
    expect(chunked.status).toBe(413);
    expect(chunked.json()).toMatchObject({ code: 'upload.too_large', message: expect.stringContaining('1 MB') });

    // No size announced: the stream is stopped once it passes the limit.
    const whole = await postMultipart(
      server,
      user,
      '/api/upload/chunks',
      { name: 'two.bin', is_last_chunk: 1 },
      { content: randomBytes(2_000_000) },
    );
    expect(whole.status).toBe(413);
    expect(storageContents(server)).toEqual(before);
    expect(await sessionCount(server)).toBe(0);
    expect((await uploadFile(server, user, { name: 'ok.bin', content: randomBytes(999_999) })).status).toBe(201);
  });

  it('refuses a running upload once the rules change, and ends it', async () => {
    const content = randomBytes(11 * MiB);
    const uploadId = randomUUID();
    const send = (offset: number) =>
      postMultipart(
        server,
        user,
        '/api/upload/chunks',
        { name: 'a.bin', upload_id: uploadId, offset, size: content.length, chunk_size: CHUNK, is_last_chunk: 0 },
        { content: content.subarray(offset, offset + CHUNK) },
      );
    expect((await send(0)).status).toBe(200);
    expect((await setSetting('upload_limit', 5)).status).toBe(200);
    expect((await send(CHUNK)).status).toBe(413);
    expect(await sessionCount(server)).toBe(0);
    expect(storageContents(server).multipart).toBe(0);
  });

  it('refuses blacklisted types by extension and by the bytes, whatever the name says', async () => {
    expect((await setSetting('mimetypes_blacklist', ['exe', 'PNG', '.x-php'])).status).toBe(200);
    const before = storageContents(server);

    const exe = await uploadFile(server, user, { name: 'setup.EXE', content: 'MZ not really' });
    expect(exe.status).toBe(422);
    expect(exe.json()).toMatchObject({ code: 'upload.type_blocked', details: { type: 'exe' } });

    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const disguised = await uploadFile(server, user, { name: 'x.txt', content: png });
    expect(disguised.status).toBe(422);
    expect(disguised.json()).toMatchObject({ code: 'upload.type_blocked', details: { type: 'image/png' } });

    const bigPng = Buffer.concat([png, randomBytes(7 * MiB)]);
    const chunked = await uploadFile(server, user, { name: 'holiday.dat', content: bigPng }).then(
      (res) => res.body,
      (e: Error) => e.message,
    );
    expect(chunked).toMatch(/refused: 422 .*type_blocked/);

    const php = await uploadFile(server, user, { name: 'shell.php', content: 'echo 1;' });
    expect(php.json()).toMatchObject({ code: 'upload.type_blocked', details: { type: 'text/x-php' } });
    const phpAsJpeg = await uploadFile(server, user, { name: 'avatar.jpg', content: '<?php system($_GET[1]);' });
    expect(phpAsJpeg.json()).toMatchObject({ code: 'upload.type_blocked', details: { type: 'text/x-php' } });

    expect(await sessionCount(server)).toBe(0);
    expect(storageContents(server)).toEqual(before);
    expect((await uploadFile(server, user, { name: 'fine.txt', content: 'hello' })).status).toBe(201);
  });

  it('refuses empty files', async () => {
    const whole = await uploadFile(server, user, { name: 'empty.txt', content: '' });
    expect(whole.status).toBe(422);
    expect(whole.json().code).toBe('upload.empty_file');
    const announced = await postMultipart(
      server,
      user,
      '/api/upload/chunks',
      { name: 'empty.txt', upload_id: randomUUID(), offset: 0, size: 0, chunk_size: CHUNK, is_last_chunk: 1 },
      { content: Buffer.alloc(0) },
    );
    expect(announced.json().code).toBe('upload.empty_file');
  });

  it('keeps storage_used exact: the sum of the files stored, never a running upload', async () => {
    const sizes = [1, 4096, 6 * MiB + 3, 10 * MiB];
    for (const [i, size] of sizes.entries()) {
      expect((await uploadFile(server, user, { name: `f${i}.bin`, content: randomBytes(size) })).status).toBe(201);
    }
    expect((await firstChunk(server, user, 'running.bin', 20 * MiB)).status).toBe(200);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(await used()).toBe(total);
  });

  it('aborts uploads untouched for a day, with their parts, in the clean-up job', async () => {
    const stale = randomUUID();
    const fresh = randomUUID();
    expect((await firstChunk(server, user, 'stale.bin', 12 * MiB, stale)).status).toBe(200);
    expect((await firstChunk(server, user, 'fresh.bin', 12 * MiB, fresh)).status).toBe(200);
    expect(storageContents(server).multipart).toBe(2);
    const [session] = await server.ctx.db.select().from(uploadSessions).where(eq(uploadSessions.id, stale));
    if (!session) throw new Error('no session');
    await server.ctx.db.execute(
      sql`update upload_sessions set updated_at = now() - interval '25 hours' where id = ${stale}`,
    );

    await server.ctx.jobs.drain(['upload-sessions-cleanup']);
    const left = await server.ctx.db.select({ id: uploadSessions.id }).from(uploadSessions);
    expect(left.map((s) => s.id)).toEqual([fresh]);
    expect(storageContents(server).multipart).toBe(1);
    await expect(
      server.ctx.storage.completeMultipart(`files/${session.fileId}`, session.multipartId, session.parts),
    ).rejects.toMatchObject({ status: 404 });
    expect(await used()).toBe(0);

    const next = await postMultipart(
      server,
      user,
      '/api/upload/chunks',
      { name: 'stale.bin', upload_id: stale, offset: CHUNK, size: 12 * MiB, chunk_size: CHUNK, is_last_chunk: 0 },
      { content: randomBytes(CHUNK) },
    );
    expect(next.status).toBe(404);
  });
});
