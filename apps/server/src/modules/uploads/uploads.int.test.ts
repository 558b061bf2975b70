import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import { items } from '../../../test/tables.js';
import { findUserByEmail } from '../users/index.js';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  seedFolder,
  startTestServer,
  uploadFile,
  userIdOf,
  type FormFields,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { uploadSessions } from './upload-sessions.table.js';

const CHUNK = 5 * MiB;

async function bytesOf(server: TestServer, key: string): Promise<Buffer> {
  const blob = await server.ctx.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Blobs and unfinished multipart uploads on the local driver, whoever made them. */
function storageContents(server: TestServer): { blobs: number; multipart: number } {
  const storage = server.ctx.config.storage;
  if (storage.driver !== 'local') throw new Error('these tests look at the local driver');
  const root = storage.root;
  if (!existsSync(root)) return { blobs: 0, multipart: 0 };
  const shards = readdirSync(root).filter((d) => !d.startsWith('.'));
  const blobs = shards.reduce((n, shard) => n + readdirSync(path.join(root, shard)).length, 0);
  const multipartDir = path.join(root, '.multipart');
  const multipart = existsSync(multipartDir) ? readdirSync(multipartDir).length : 0;
  return { blobs, multipart };
}

/** Uploads still running (finished sessions stay an hour to answer a resent last chunk). */
const sessionCount = async (server: TestServer) =>
  Number(
    rowsOf<{ n: number }>(
      await server.ctx.db.execute(sql`select count(*)::int as n from upload_sessions where completed_file_id is null`),
    )[0]?.n,
  );

const storageUsed = async (server: TestServer, email: string) =>
  (await findUserByEmail(server.ctx.db, email))?.storageUsed;

function chunkFields(name: string, uploadId: string, size: number, offset: number, extra: FormFields = {}) {
  return {
    name,
    upload_id: uploadId,
    offset,
    size,
    chunk_size: CHUNK,
    is_last_chunk: offset + CHUNK >= size,
    ...extra,
  };
}

const sendChunk = (server: TestServer, client: TestClient, fields: FormFields, content: Buffer) =>
  postMultipart(server, client, '/api/upload/chunks', fields, { content });

describe('chunked upload', () => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    alice = await registerUser(server, 'alice@example.com');
    bob = await registerUser(server, 'bob@example.com');
  });
  afterAll(() => server.close());

  it('stores a 12 MiB file sent in 5 MiB chunks byte for byte, and lists it', async () => {
    const content = randomBytes(12 * MiB);
    const uploadId = randomUUID();
    const answers = [];
    for (let offset = 0; offset < content.length; offset += CHUNK) {
      const res = await sendChunk(
        server,
        alice,
        chunkFields('big.bin', uploadId, content.length, offset),
        content.subarray(offset, offset + CHUNK),
      );
      answers.push(res);
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 201]);
    expect(answers[0]?.json()).toEqual({ data: { upload_id: uploadId, received: CHUNK, chunk_size: CHUNK } });
    expect(answers[1]?.json().data.received).toBe(2 * CHUNK);
    const file = answers[2]?.json().data;
    expect(file).toMatchObject({
      type: 'file',
      attributes: { name: 'big.bin', size: content.length, extension: 'bin', mimetype: 'application/octet-stream' },
    });
    expect((await bytesOf(server, `files/${file.id}`)).equals(content)).toBe(true);

    const listing = await alice.get('/api/browse/folders/all');
    expect(listing.status).toBe(200);
    expect(listing.json().data.map((r: { data: { id: string } }) => r.data.id)).toContain(file.id);
    expect(await sessionCount(server)).toBe(0);
    expect(storageContents(server).multipart).toBe(0);
  });

  it('answers a retried chunk with 200 without storing it twice, and refuses a skipped one with the expected offset', async () => {
    const content = randomBytes(11 * MiB);
    const uploadId = randomUUID();
    const chunk = (offset: number) => content.subarray(offset, offset + CHUNK);
    const fields = (offset: number) => chunkFields('retried.bin', uploadId, content.length, offset);

    expect((await sendChunk(server, alice, fields(0), chunk(0))).status).toBe(200);
    const retry = await sendChunk(server, alice, fields(0), chunk(0));
    expect(retry.status).toBe(200);
    expect(retry.json().data.received).toBe(CHUNK);

    const skipped = await sendChunk(server, alice, fields(2 * CHUNK), chunk(2 * CHUNK));
    expect(skipped.status).toBe(409);
    expect(skipped.json()).toMatchObject({ code: 'upload.offset_mismatch', details: { expected_offset: CHUNK } });
    const misaligned = await sendChunk(server, alice, fields(1000), chunk(1000));
    expect(misaligned.status).toBe(409);

    expect((await sendChunk(server, alice, fields(CHUNK), chunk(CHUNK))).status).toBe(200);
    expect((await sendChunk(server, alice, fields(CHUNK), chunk(CHUNK))).json().data.received).toBe(2 * CHUNK);
    const done = await sendChunk(server, alice, fields(2 * CHUNK), chunk(2 * CHUNK));
    expect(done.status).toBe(201);
    expect((await bytesOf(server, `files/${done.json().data.id}`)).equals(content)).toBe(true);
    expect(done.json().data.attributes.size).toBe(content.length);

    // The answer to the last chunk got lost and the client sends it again: the same file, stored once.
    const used = await storageUsed(server, 'alice@example.com');
    const again = await sendChunk(server, alice, fields(2 * CHUNK), chunk(2 * CHUNK));
    expect(again.status).toBe(201);
    expect(again.json().data.id).toBe(done.json().data.id);
    expect(await storageUsed(server, 'alice@example.com')).toBe(used);
    const named = await server.ctx.db.select().from(items).where(eq(items.name, 'retried (1).bin'));
    expect(named).toHaveLength(0);
    expect((await sendChunk(server, bob, fields(2 * CHUNK), chunk(2 * CHUNK))).status).toBe(404);
  });

  it('answers both copies of a last chunk sent twice at once with the same file', async () => {
    const content = randomBytes(7 * MiB);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('twice.bin', uploadId, content.length, offset);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);
    const last = content.subarray(CHUNK);
    const [a, b] = await Promise.all([
      sendChunk(server, alice, fields(CHUNK), last),
      sendChunk(server, alice, fields(CHUNK), last),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect((await bytesOf(server, `files/${a.json().data.id}`)).equals(content)).toBe(true);
  });

  it('keeps the session where it was when a chunk arrives short or long', async () => {
    const content = randomBytes(6 * MiB);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('short.bin', uploadId, content.length, offset);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);

    const short = await sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK, CHUNK + 1000));
    expect(short.status).toBe(422);
    const long = await sendChunk(
      server,
      alice,
      fields(CHUNK),
      Buffer.concat([content.subarray(CHUNK), Buffer.alloc(9)]),
    );
    expect(long.status).toBe(422);
    const [session] = await server.ctx.db.select().from(uploadSessions).where(eq(uploadSessions.id, uploadId));
    expect(session?.received).toBe(CHUNK);

    const done = await sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK));
    expect(done.status).toBe(201);
    expect((await bytesOf(server, `files/${done.json().data.id}`)).equals(content)).toBe(true);
  });

  it("answers 404 to someone else's upload_id and leaves their upload alone", async () => {
    const content = randomBytes(7 * MiB);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('mine.bin', uploadId, content.length, offset);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);

    const stolen = await sendChunk(server, bob, fields(CHUNK), content.subarray(CHUNK));
    expect(stolen.status).toBe(404);
    const restart = await sendChunk(server, bob, fields(0), content.subarray(0, CHUNK));
    expect(restart.status).toBe(404);
    expect((await bob.request('DELETE', `/api/upload/chunks/${uploadId}`)).status).toBe(404);

    const done = await sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK));
    expect(done.status).toBe(201);
    expect((await bytesOf(server, `files/${done.json().data.id}`)).equals(content)).toBe(true);
    expect(await storageUsed(server, 'bob@example.com')).toBe(0);
  });

  it('cancels an upload: the session and its parts are gone and later chunks are refused', async () => {
    const content = randomBytes(6 * MiB);
    const uploadId = randomUUID();
    const fields = (offset: number) => chunkFields('cancelled.bin', uploadId, content.length, offset);
    const before = storageContents(server);
    expect((await sendChunk(server, alice, fields(0), content.subarray(0, CHUNK))).status).toBe(200);
    expect(storageContents(server).multipart).toBe(before.multipart + 1);

    expect((await alice.request('DELETE', `/api/upload/chunks/${uploadId}`)).status).toBe(204);
    expect(await sessionCount(server)).toBe(0);
    expect(storageContents(server)).toEqual(before);
    expect((await sendChunk(server, alice, fields(CHUNK), content.subarray(CHUNK))).status).toBe(404);
    expect((await alice.request('DELETE', `/api/upload/chunks/${uploadId}`)).status).toBe(404);
  });

  it('gives a clashing name the first free " (1)" suffix', async () => {
    const first = await uploadFile(server, alice, { name: 'report.pdf', content: 'one' });
    const second = await uploadFile(server, alice, { name: 'report.pdf', content: 'two' });
    const third = await uploadFile(server, alice, { name: 'REPORT.pdf', content: 'three' });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(first.json().data.attributes.name).toBe('report.pdf');
    expect(second.json().data.attributes.name).toBe('report (1).pdf');
    expect(third.json().data.attributes.name).toBe('REPORT (2).pdf');
    expect(await text((await server.ctx.storage.get(`files/${second.json().data.id}`)).body)).toBe('two');
  });

  it('creates the folders of a path once and reuses them for the next file', async () => {
    const home = await seedFolder(server, await userIdOf(server, 'alice@example.com'), { name: 'Home' });
    const a = await uploadFile(server, alice, {
      name: 'a.jpg',
      content: 'a',
      parentId: home.id,
      path: '/Photos/2024/a.jpg',
    });
    const b = await uploadFile(server, alice, {
      name: 'b.jpg',
      content: randomBytes(6 * MiB),
      parentId: home.id,
      path: '/Photos/2024/b.jpg',
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const parentId = a.json().data.attributes.parent_id;
    expect(b.json().data.attributes.parent_id).toBe(parentId);
    expect(a.json().data.relationships.parent.data.attributes.name).toBe('2024');

    const folders = await server.ctx.db.select().from(items).where(eq(items.type, 'folder'));
    const photos = folders.filter((f) => f.name === 'Photos');
    expect(photos).toHaveLength(1);
    expect(photos[0]?.parentId).toBe(home.id);
    const year = folders.find((f) => f.id === parentId);
    expect(year).toMatchObject({ name: '2024', parentId: photos[0]?.id, fileCount: 2 });
    const [homeNow] = await server.ctx.db.select().from(items).where(eq(items.id, home.id));
    expect(homeNow?.folderCount).toBe(1);

    const bad = await uploadFile(server, alice, { name: 'c.jpg', content: 'c', path: '/../c.jpg/x' });
    expect(bad.status).toBe(422);
  });

  it('refuses a folder that is not the uploader’s, or not a folder', async () => {
    const bobsFolder = await seedFolder(server, await userIdOf(server, 'bob@example.com'), { name: 'Bob only' });
    const res = await uploadFile(server, alice, { name: 'x.txt', content: 'x', parentId: bobsFolder.id });
    expect(res.status).toBe(404);
    const chunked = await uploadFile(server, alice, {
      name: 'y.bin',
      content: randomBytes(6 * MiB),
      parentId: randomUUID(),
    }).catch((e: Error) => e.message);
    expect(chunked).toMatch(/refused: 404/);
    const [bobsNow] = await server.ctx.db.select().from(items).where(eq(items.id, bobsFolder.id));
    expect(bobsNow?.fileCount).toBe(0);
  });

  it('validates the fields, the protocol and the chunk size', async () => {
    const noName = await postMultipart(
      server,
      alice,
      '/api/upload/chunks',
      { is_last_chunk: 1 },
      { content: Buffer.from('x') },
    );
    expect(noName.status).toBe(422);
    expect(noName.json()).toMatchObject({ code: 'validation.failed', errors: { name: expect.any(Array) } });
    const slash = await postMultipart(
      server,
      alice,
      '/api/upload/chunks',
      { name: 'a/b', is_last_chunk: 1 },
      {
        content: Buffer.from('x'),
      },
    );
    expect(slash.status).toBe(422);
    const noChunk = await postMultipart(server, alice, '/api/upload/chunks', { name: 'a', is_last_chunk: 1 });
    expect(noChunk.status).toBe(422);
    const json = await alice.post('/api/upload/chunks', { name: 'a', is_last_chunk: 1 });
    expect(json.status).toBe(422);

    const noSession = await sendChunk(server, alice, { name: 'a.bin', is_last_chunk: 0 }, Buffer.alloc(10));
    expect(noSession.json().code).toBe('upload.session_required');
    const partial = await sendChunk(
      server,
      alice,
      { name: 'a.bin', is_last_chunk: 0, upload_id: randomUUID() },
      Buffer.alloc(10),
    );
    expect(partial.json().code).toBe('upload.session_required');

    const tiny = await sendChunk(
      server,
      alice,
      { name: 'a.bin', upload_id: randomUUID(), offset: 0, size: 3 * MiB, chunk_size: MiB, is_last_chunk: 0 },
      Buffer.alloc(MiB),
    );
    expect(tiny.status).toBe(422);
    expect(tiny.json().code).toBe('upload.chunk_size_mismatch');
    const huge = await sendChunk(
      server,
      alice,
      {
        name: 'a.bin',
        upload_id: randomUUID(),
        offset: 0,
        size: 2_000_000_000,
        chunk_size: 600_000_000,
        is_last_chunk: 0,
      },
      Buffer.alloc(10),
    );
    expect(huge.json().code).toBe('upload.chunk_size_mismatch');
    expect(await sessionCount(server)).toBe(0);

    const visitor = server.client();
    const anonymous = await postMultipart(
      server,
      visitor,
      '/api/upload/chunks',
      { name: 'a', is_last_chunk: 1 },
      {
        content: Buffer.from('x'),
      },
    );
    expect(anonymous.status).toBe(401);
  });

  it('sniffs the stored type from the bytes and queues thumbnails for images', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00bc7e' } })
      .png()
      .toBuffer();
    const res = await uploadFile(server, alice, { name: 'picture.txt', content: png });
    expect(res.status).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      name: 'picture.txt',
      extension: 'txt',
      mimetype: 'image/png',
      category: 'image',
    });
    const [row] = await server.ctx.db.select().from(items).where(eq(items.id, res.json().data.id));
    expect(row?.thumbnailStatus).toBe('pending');

    const notes = await uploadFile(server, alice, { name: 'notes.md', content: '# hello' });
    expect(notes.json().data.attributes).toMatchObject({ mimetype: 'text/markdown', category: 'document' });
    const [notesRow] = await server.ctx.db.select().from(items).where(eq(items.id, notes.json().data.id));
    expect(notesRow?.thumbnailStatus).toBeNull();

    // `.ts` is TypeScript unless the bytes say MPEG transport stream.
    const code = await uploadFile(server, alice, { name: 'server.ts', content: 'export const x = 1;\n' });
    expect(code.json().data.attributes).toMatchObject({ mimetype: 'text/x-typescript', category: 'other' });
    const stream = Buffer.alloc(188 * 4);
    for (let i = 0; i < 4; i++) stream[i * 188] = 0x47;
    const video = await uploadFile(server, alice, { name: 'clip.ts', content: stream });
    expect(video.json().data.attributes).toMatchObject({ mimetype: 'video/mp2t', category: 'video' });
  });
});
