import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { items } from '../../../test/tables.js';

interface ZipListing {
  /** Paths in archive order; directories end with "/". */
  paths: string[];
  contents: Map<string, Buffer>;
  utf8Flags: boolean;
}

async function readZip(buffer: Buffer): Promise<ZipListing> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const listing: ZipListing = { paths: [], contents: new Map(), utf8Flags: true };
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      listing.paths.push(entry.fileName);
      listing.utf8Flags &&= (entry.generalPurposeBitFlag & 0x800) !== 0;
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          const content = Buffer.concat(chunks);
          if (zlib.crc32(content) !== entry.crc32) return reject(new Error(`CRC mismatch in ${entry.fileName}`));
          listing.contents.set(entry.fileName, content);
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return listing;
}

function openBlobHandles(itemId: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).includes(itemId)) count++;
    } catch {
      // closed while we looked
    }
  }
  return count;
}

describe('zip download', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
  });
  afterAll(() => server.close());

  const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const zipOf = (client: TestClient, refs: { id: string; type: string }[] | string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/zip?items=${encodeURIComponent(typeof refs === 'string' ? refs : refs.map((r) => `${r.id}|${r.type}`).join(','))}`,
      headers: { cookie: cookieOf(client) },
    });
  const trash = (id: string) => server.ctx.db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, id));

  it('zips a folder tree: nested paths, empty folders, exact bytes, no trashed items, named after the folder', async () => {
    const photos = await seedFolder(server, ownerId, { name: 'Fotos 🚀' });
    const year = await seedFolder(server, ownerId, { name: '2024', parentId: photos.id });
    await seedFolder(server, ownerId, { name: 'Empty', parentId: year.id });
    const binned = await seedFolder(server, ownerId, { name: 'Binned', parentId: photos.id });
    await seedFile(server, ownerId, { name: 'inside-binned.txt', parentId: binned.id });
    const a = randomBytes(50_000);
    const b = randomBytes(1234);
    await seedFile(server, ownerId, { name: 'a.jpg', parentId: photos.id, content: a });
    await seedFile(server, ownerId, { name: 'Ünïcødé ✓.txt', parentId: year.id, content: b });
    await seedFile(server, ownerId, { name: 'empty.txt', parentId: year.id, content: Buffer.alloc(0) });
    const gone = await seedFile(server, ownerId, { name: 'gone.txt', parentId: photos.id });
    await trash(binned.id);
    await trash(gone.id);

    const res = await zipOf(owner, [{ id: photos.id, type: 'folder' }]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment;/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '')).toBe('Fotos 🚀.zip');

    const zip = await readZip(res.rawPayload);
    expect(zip.paths).toEqual([
      'Fotos 🚀/2024/Empty/',
      'Fotos 🚀/2024/empty.txt',
      'Fotos 🚀/2024/Ünïcødé ✓.txt',
      'Fotos 🚀/a.jpg',
    ]);
    expect(zip.utf8Flags).toBe(true);
    expect(zip.contents.get('Fotos 🚀/a.jpg')?.equals(a)).toBe(true);
    expect(zip.contents.get('Fotos 🚀/2024/Ünïcødé ✓.txt')?.equals(b)).toBe(true);
    expect(zip.contents.get('Fotos 🚀/2024/empty.txt')?.length).toBe(0);
  });

  it('puts chosen files at the top, gives clashing names " (n)" and calls the archive files.zip', async () => {
    const left = await seedFolder(server, ownerId, { name: 'Left' });
    const right = await seedFolder(server, ownerId, { name: 'Right' });
    const r1 = await seedFile(server, ownerId, { name: 'report.pdf', parentId: left.id, content: 'one' });
    const r2 = await seedFile(server, ownerId, { name: 'Report.pdf', parentId: right.id, content: 'two' });
    const docs = await seedFolder(server, ownerId, { name: 'Docs', parentId: right.id });
    await seedFile(server, ownerId, { name: 'x.txt', parentId: docs.id, content: 'x' });
    const docsFile = await seedFile(server, ownerId, { name: 'docs', parentId: left.id, content: 'a file' });

    const res = await zipOf(owner, [
      { id: r1.id, type: 'file' },
      { id: r2.id, type: 'file' },
      { id: docsFile.id, type: 'file' },
      { id: docs.id, type: 'folder' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('filename="files.zip"');
    const zip = await readZip(res.rawPayload);
    expect(zip.paths).toEqual(['report.pdf', 'Report (1).pdf', 'docs', 'Docs (1)/x.txt']);
    expect(zip.contents.get('Report (1).pdf')?.toString()).toBe('two');

    const single = await zipOf(owner, [{ id: r1.id, type: 'file' }]);
    expect(String(single.headers['content-disposition'])).toContain('filename="files.zip"');
  });

  it('zips an item once when its folder is chosen too', async () => {
    const outer = await seedFolder(server, ownerId, { name: 'Outer' });
    const inner = await seedFolder(server, ownerId, { name: 'Inner', parentId: outer.id });
    const deep = await seedFile(server, ownerId, { name: 'deep.txt', parentId: inner.id, content: 'deep' });
    const res = await zipOf(owner, [
      { id: inner.id, type: 'folder' },
      { id: outer.id, type: 'folder' },
      { id: deep.id, type: 'file' },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await readZip(res.rawPayload)).paths).toEqual(['Outer/Inner/deep.txt']);
  });

  it('never lets a stored name escape the archive folder', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Safe' });
    const files = await Promise.all(
      ['one', 'two', 'three'].map((name) => seedFile(server, ownerId, { name, parentId: folder.id, content: name })),
    );
    // Names like these cannot be created through the API; a damaged row must still zip safely.
    const hostile = ['..', 'a\\..\\b', 'C:evil.txt'];
    for (const [i, file] of files.entries()) {
      await server.ctx.db.update(items).set({ name: hostile[i] }).where(eq(items.id, file.id));
    }
    await server.ctx.db.update(items).set({ name: '../Up' }).where(eq(items.id, folder.id));
    const res = await zipOf(owner, [{ id: folder.id, type: 'folder' }]);
    expect(res.statusCode).toBe(200);
    const zip = await readZip(res.rawPayload);
    expect(zip.paths.sort()).toEqual(['.._Up/C_evil.txt', '.._Up/_', '.._Up/a_.._b'].sort());
    for (const path of zip.paths) expect(path.split('/')).not.toContain('..');
  });

  it('zips a folder with thousands of empty folders after a file (yazl would overflow its stack)', async () => {
    const crowded = await seedFolder(server, ownerId, { name: 'Crowded' });
    await seedFile(server, ownerId, { name: '0-first.txt', parentId: crowded.id, content: 'first' });
    await server.ctx.db.execute(sql`
      insert into items (owner_id, creator_id, parent_id, type, name)
      select ${ownerId}::uuid, ${ownerId}::uuid, ${crowded.id}::uuid, 'folder', 'empty-' || lpad(n::text, 5, '0')
      from generate_series(1, 6000) n`);
    const res = await zipOf(owner, [{ id: crowded.id, type: 'folder' }]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const zip = await readZip(res.rawPayload);
    expect(zip.paths.length).toBe(6001);
    expect(zip.paths[0]).toBe('Crowded/empty-00001/');
    expect(zip.contents.get('Crowded/0-first.txt')?.toString()).toBe('first');
  });

  it('answers 422 for a malformed items list and 404 for ids that are not yours, trashed or mistyped', async () => {
    const mine = await seedFile(server, ownerId, { name: 'mine.txt' });
    for (const bad of ['abc', `${mine.id}|thing`, `${mine.id}`, `${mine.id}|file|x`, `${mine.id}|file,`, 'x|file']) {
      const res = await zipOf(owner, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().code, bad).toBe('validation.failed');
    }
    expect((await zipOf(owner, '')).statusCode).toBe(422);

    const theirsId = await userIdOf(server, 'other@example.com');
    const theirs = await seedFile(server, theirsId, { name: 'theirs.txt' });
    const mixed = await zipOf(owner, [
      { id: mine.id, type: 'file' },
      { id: theirs.id, type: 'file' },
    ]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.headers['content-type']).toMatch(/application\/json/);
    expect((await zipOf(other, [{ id: mine.id, type: 'file' }])).statusCode).toBe(404);
    expect((await zipOf(owner, [{ id: randomUUID(), type: 'file' }])).statusCode).toBe(404);
    expect((await zipOf(owner, [{ id: mine.id, type: 'folder' }])).statusCode).toBe(404);
    const binned = await seedFile(server, ownerId, { name: 'binned.txt' });
    await trash(binned.id);
    expect((await zipOf(owner, [{ id: binned.id, type: 'file' }])).statusCode).toBe(404);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/zip?items=${mine.id}|file` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stops reading blobs when the client goes away', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Big' });
    const big = await seedFile(server, ownerId, {
      name: 'big.bin',
      parentId: folder.id,
      content: Buffer.alloc(64 * 1024 * 1024, 3),
    });
    const after = await seedFile(server, ownerId, { name: 'zz-after.bin', parentId: folder.id });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const req = http.get({
      port,
      host: '127.0.0.1',
      path: `/api/zip?items=${folder.id}|folder`,
      headers: { cookie: cookieOf(owner) },
    });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    });
    expect(res.statusCode).toBe(200);
    // Nothing is read, so the server stalls inside the big file with its blob open.
    await expect.poll(() => openBlobHandles(big.id), { timeout: 10_000 }).toBe(1);
    req.destroy();
    await expect.poll(() => openBlobHandles(big.id), { timeout: 5000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(openBlobHandles(after.id)).toBe(0);
    // The items are untouched and still zip fine afterwards.
    const rows = await server.ctx.db
      .select()
      .from(items)
      .where(inArray(items.id, [big.id, after.id]));
    expect(rows).toHaveLength(2);
  });
});
