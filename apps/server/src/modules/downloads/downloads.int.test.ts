import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { FILE_CSP } from './file-headers.js';

/** Binary-safe request with the client's cookies (TestClient decodes bodies as text). */
async function raw(
  server: TestServer,
  client: TestClient,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return server.app.inject({ method: method as 'GET', url, headers: { cookie, ...headers } });
}

/** Open file descriptors of this process that point at a blob of `itemId` (the local driver's files). */
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

describe('file download', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  const bytes = randomBytes(100_000);
  let fileId: string;

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    fileId = (await seedFile(server, ownerId, { name: 'data.bin', content: bytes })).id;
  });
  afterAll(() => server.close());

  const url = () => `/api/files/${fileId}/download`;

  it('sends the whole file byte for byte, as an attachment with validators and protective headers', async () => {
    const res = await raw(server, owner, url());
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="data.bin"; filename*=UTF-8''data.bin`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['last-modified']).toMatch(/GMT$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(FILE_CSP);
  });

  it('keeps any name intact in Content-Disposition without letting quotes or newlines through', async () => {
    const name = 'Report "final" – Ünïcødé 🚀 \\ ; x.pdf';
    const file = await seedFile(server, ownerId, { name, content: 'pdf', mimetype: 'application/pdf' });
    const res = await raw(server, owner, `/api/files/${file.id}/download`);
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['content-disposition']);
    expect(header.startsWith('attachment; filename="')).toBe(true);
    const fallback = /filename="([^"]*)"/.exec(header)?.[1];
    expect(fallback?.startsWith('Report _final_ _ _n_c_d_')).toBe(true);
    expect(fallback).not.toMatch(/["\\]/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('answers single ranges with 206 and Content-Range: a-b, a- and -n', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=99990-', 99990, 99999],
      ['bytes=-10', 99990, 99999],
      ['bytes=99000-500000', 99000, 99999],
      ['bytes=-500000', 0, 99999],
    ];
    for (const [range, start, end] of cases) {
      const res = await raw(server, owner, url(), { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(Buffer.compare(res.rawPayload, bytes.subarray(start, end + 1)), range).toBe(0);
    }
  });

  it('answers 416 with the size for a range past the end, and the whole file for several ranges', async () => {
    for (const range of ['bytes=100000-', 'bytes=200000-300000', 'bytes=-0']) {
      const res = await raw(server, owner, url(), { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${bytes.length}`);
      expect(res.headers['content-disposition'], range).toBeUndefined();
    }
    const multi = await raw(server, owner, url(), { range: 'bytes=0-1,5-6' });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(bytes.length);
    const nonsense = await raw(server, owner, url(), { range: 'pages=1-2' });
    expect(nonsense.statusCode).toBe(200);
  });

  it('answers 304 to a matching If-None-Match and honours If-Range', async () => {
    const first = await raw(server, owner, url());
    const etag = String(first.headers.etag);
    const notModified = await raw(server, owner, url(), { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect((await raw(server, owner, url(), { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await raw(server, owner, url(), { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    const since = await raw(server, owner, url(), { 'if-modified-since': String(first.headers['last-modified']) });
    expect(since.statusCode).toBe(304);

    const current = await raw(server, owner, url(), { range: 'bytes=0-9', 'if-range': etag });
    expect(current.statusCode).toBe(206);
    const byDate = await raw(server, owner, url(), {
      range: 'bytes=0-9',
      'if-range': String(first.headers['last-modified']),
    });
    expect(byDate.statusCode).toBe(206);
    const stale = await raw(server, owner, url(), { range: 'bytes=0-9', 'if-range': '"changed"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await raw(server, owner, url(), {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(0);
    const part = await raw(server, owner, url(), { range: 'bytes=10-19' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.headers['content-length']).toBe('10');
  });

  it("hides another user's file, unknown ids and folders behind 404, and needs a session", async () => {
    expect((await raw(server, other, url())).statusCode).toBe(404);
    expect((await raw(server, other, url(), {}, 'HEAD')).statusCode).toBe(404);
    expect((await raw(server, owner, `/api/files/${crypto.randomUUID()}/download`)).statusCode).toBe(404);
    const folder = await seedFolder(server, ownerId, { name: 'Not a file' });
    expect((await raw(server, owner, `/api/files/${folder.id}/download`)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });

  it('still serves a trashed file to its owner (preview from the trash)', async () => {
    const file = await seedFile(server, ownerId, { name: 'old.txt', content: 'old', mimetype: 'text/plain' });
    await server.ctx.db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, file.id));
    const res = await raw(server, owner, `/api/files/${file.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('old');
  });

  it('previews only types that cannot run script inline; HTML and SVG stay attachments', async () => {
    const html = await seedFile(server, ownerId, {
      name: 'page.html',
      content: '<script>alert(1)</script>',
      mimetype: 'text/html',
    });
    const htmlRes = await raw(server, owner, `/api/files/${html.id}/download?inline=1`);
    expect(htmlRes.statusCode).toBe(200);
    expect(String(htmlRes.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(htmlRes.headers['content-security-policy']).toBe(FILE_CSP);
    expect(htmlRes.headers['x-content-type-options']).toBe('nosniff');

    const svg = await seedFile(server, ownerId, { name: 'logo.svg', content: '<svg/>', mimetype: 'image/svg+xml' });
    const svgRes = await raw(server, owner, `/api/files/${svg.id}/download?inline=1`);
    expect(String(svgRes.headers['content-disposition'])).toMatch(/^attachment;/);

    const png = await seedFile(server, ownerId, { name: 'photo.png', content: 'png', mimetype: 'image/png' });
    const pngRes = await raw(server, owner, `/api/files/${png.id}/download?inline=1`);
    expect(String(pngRes.headers['content-disposition'])).toMatch(/^inline;/);
    expect(pngRes.headers['content-type']).toBe('image/png');
    expect(pngRes.headers['content-security-policy']).toBe(FILE_CSP);

    const text = await seedFile(server, ownerId, { name: 'notes.txt', content: 'héllo', mimetype: 'text/plain' });
    const textRes = await raw(server, owner, `/api/files/${text.id}/download?inline=1`);
    expect(String(textRes.headers['content-disposition'])).toMatch(/^inline;/);
    expect(textRes.headers['content-type']).toBe('text/plain; charset=utf-8');

    const plain = await raw(server, owner, `/api/files/${png.id}/download`);
    expect(String(plain.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  /** The server on a real loopback port (once), for what inject cannot show: bytes through a socket. */
  let port = 0;
  const listening = async () => {
    if (!port) {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      port = (server.app.server.address() as AddressInfo).port;
    }
    return port;
  };

  /** GET over a real connection: status, headers and every byte of the body. */
  const fetchBytes = async (path: string, headers: Record<string, string> = {}) => {
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`http://127.0.0.1:${await listening()}${path}`, { headers: { cookie, ...headers } });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };

  it('sends the same bytes over a real connection, whole and in ranges, several at once', async () => {
    const content = randomBytes(5 * 1024 * 1024 + 17);
    const big = await seedFile(server, ownerId, { name: 'five.bin', content });
    const ranges: [number, number][] = [
      [0, 0],
      [1, 1024 * 1024],
      [2 * 1024 * 1024 - 3, content.length - 1],
      [4 * 1024 * 1024, 4 * 1024 * 1024 + 99],
    ];
    const [whole, ...parts] = await Promise.all([
      fetchBytes(`/api/files/${big.id}/download`),
      ...ranges.map(([a, b]) => fetchBytes(`/api/files/${big.id}/download`, { range: `bytes=${a}-${b}` })),
    ]);
    expect(whole?.status).toBe(200);
    expect(whole?.headers.get('content-length')).toBe(String(content.length));
    expect(whole?.body.equals(content)).toBe(true);
    parts.forEach((part, i) => {
      const [a, b] = ranges[i] ?? [0, 0];
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${a}-${b}/${content.length}`);
      expect(part.body.equals(content.subarray(a, b + 1))).toBe(true);
    });
    await expect.poll(() => openBlobHandles(big.id), { timeout: 5000 }).toBe(0);
  });

  it('stops reading the blob when the client goes away', async () => {
    const big = await seedFile(server, ownerId, { name: 'big.bin', content: Buffer.alloc(64 * 1024 * 1024, 7) });
    const port = await listening();
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: `/api/files/${big.id}/download`, headers: { cookie } });
      req.on('response', (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          expect(openBlobHandles(big.id)).toBe(1);
          req.destroy();
          resolve();
        });
      });
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    });
    await expect.poll(() => openBlobHandles(big.id), { timeout: 5000 }).toBe(0);
  });
  it('closes the blob of a pipelined request when the connection goes away', async () => {
    // Larger than loopback's socket buffers, so the first response cannot be all sent while unread.
    const big = await seedFile(server, ownerId, { name: 'piped.bin', content: Buffer.alloc(64 * 1024 * 1024, 3) });
    const port = await listening();
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const get = `GET /api/files/${big.id}/download HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`;
    // Two requests on one connection; the second one's response waits behind the first.
    const socket = net.connect(port, '127.0.0.1');
    // Read the first bytes, then nothing: the first response stays mid-way, the second queued.
    await new Promise<void>((resolve) =>
      socket
        .once('data', () => {
          socket.pause();
          resolve();
        })
        .write(get + get),
    );
    await expect.poll(() => openBlobHandles(big.id), { timeout: 5000 }).toBe(2);
    socket.destroy();
    await expect.poll(() => openBlobHandles(big.id), { timeout: 5000 }).toBe(0);
  });
});
