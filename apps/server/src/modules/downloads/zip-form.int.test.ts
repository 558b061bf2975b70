import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { shareResource, zipQuery } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
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
import { users } from '../users/index.js';

async function zipPaths(buffer: Buffer): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const paths: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      paths.push(entry.fileName);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return paths;
}

/** `count` empty folders under `parentId`, written in one statement (counters kept right). */
async function seedFolders(server: TestServer, ownerId: string, parentId: string | null, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    ownerId,
    creatorId: ownerId,
    parentId,
    type: 'folder' as const,
    name: `Folder ${String(i).padStart(4, '0')}`,
  }));
  await server.ctx.db.insert(items).values(rows);
  if (parentId) {
    await server.ctx.db
      .update(items)
      .set({ folderCount: sql`${items.folderCount} + ${count}` })
      .where(eq(items.id, parentId));
  } else {
    await server.ctx.db
      .update(users)
      .set({ rootFolderCount: sql`${users.rootFolderCount} + ${count}` })
      .where(eq(users.id, ownerId));
  }
  return rows;
}

describe('zips of large selections are posted', () => {
  let server: TestServer;
  let owner: TestClient;
  let base: string;
  let selection: string;
  let shareToken: string;
  let shared: { id: string }[];
  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    const ownerId = await userIdOf(server, 'admin@example.com');
    const folders = await seedFolders(server, ownerId, null, 898);
    const a = await seedFile(server, ownerId, { name: 'a.txt', content: 'first' });
    const b = await seedFile(server, ownerId, { name: 'b.txt', content: 'second' });
    selection = [...folders.map((f) => `${f.id}|folder`), `${a.id}|file`, `${b.id}|file`].join(',');
    const top = await seedFolder(server, ownerId, { name: 'Shared' });
    shared = await seedFolders(server, ownerId, top.id, 900);
    const link = await owner.post('/api/share', { id: top.id, type: 'folder', permission: 'visitor' });
    shareToken = shareResource.parse(link.json()).data.attributes.token;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const cookie = () => [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = () => owner.cookies.get('XSRF-TOKEN') ?? '';
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it('takes 900 items from a form post (a URL that long is refused by Node with 431)', async () => {
    const tooLong = await fetch(`${base}/api/zip?items=${encodeURIComponent(selection)}`, {
      headers: { cookie: cookie() },
    });
    expect(tooLong.status).toBe(431);

    const res = await fetch(`${base}/api/zip`, {
      method: 'POST',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ items: selection, _token: xsrf() }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('files.zip');
    const paths = await zipPaths(Buffer.from(await res.arrayBuffer()));
    expect(paths).toHaveLength(900);
    expect(paths).toContain('a.txt');
    expect(paths).toContain('Folder 0897/');
  });

  it('takes GET items up to the length the contract publishes over a real connection, and 422 beyond', async () => {
    // Issue 39, defect 7: the published bound and the server's header limit agree.
    const limit = zipQuery.shape.items.maxLength!;
    const pairs = selection.split(',');
    /** A selection of exactly `n` characters: whole id|type pairs, padded with spaces after a comma. */
    const exactly = (n: number) => {
      const parts: string[] = [];
      while ((parts.join(',') + ',' + pairs[parts.length % pairs.length]).length <= n) {
        parts.push(pairs[parts.length % pairs.length]!);
      }
      const joined = parts.join(',');
      return joined.replace(',', ',' + ' '.repeat(n - joined.length));
    };
    // What a browser sends besides the URL: the session and XSRF cookies, a user agent, languages.
    const headers = {
      cookie: `${cookie()}; filestore_consent=accepted`,
      'user-agent':
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
      'accept-language': 'en-GB,en;q=0.9,de;q=0.8,sk;q=0.7',
    };
    const atLimit = exactly(limit);
    expect(atLimit).toHaveLength(limit);
    const ok = await fetch(`${base}/api/zip?items=${encodeURIComponent(atLimit)}`, { headers });
    expect(ok.status).toBe(200);
    const paths = await zipPaths(Buffer.from(await ok.arrayBuffer()));
    expect(paths.length).toBe(new Set(atLimit.split(',').map((p) => p.trim())).size);

    const over = await fetch(`${base}/api/zip?items=${encodeURIComponent(exactly(limit + 1))}`, { headers });
    expect(over.status).toBe(422);
    expect(((await over.json()) as { errors: Record<string, unknown> }).errors.items).toBeDefined();

    // A share link's GET takes as much.
    const visitor = shared.map((f) => `${f.id}|folder`);
    const fromLink = exactly(limit)
      .split(',')
      .map((p, i) => p.replace(/[0-9a-f-]{36}\|folder/, visitor[i % visitor.length]!));
    const linked = await fetch(
      `${base}/api/sharing/zip/${shareToken}?items=${encodeURIComponent(fromLink.join(','))}`,
      {
        headers: { ...headers, cookie: 'XSRF-TOKEN=visitor-token' },
      },
    );
    expect(linked.status).toBe(200);
  });

  it('takes JSON with the XSRF header too', async () => {
    const res = await fetch(`${base}/api/zip`, {
      method: 'POST',
      headers: { cookie: cookie(), 'content-type': 'application/json', 'x-xsrf-token': xsrf() },
      body: JSON.stringify({ items: selection }),
    });
    expect(res.status).toBe(200);
    expect(await zipPaths(Buffer.from(await res.arrayBuffer()))).toHaveLength(900);
  });

  it('refuses a post without the XSRF token, or with a wrong one, and someone not signed in', async () => {
    const attempts: Record<string, string>[] = [{ items: selection }, { items: selection, _token: 'forged' }];
    for (const fields of attempts) {
      const res = await fetch(`${base}/api/zip`, {
        method: 'POST',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form(fields),
      });
      expect(res.status).toBe(419);
      expect(((await res.json()) as { code: string }).code).toBe('csrf.token_mismatch');
    }
    const wrongHeader = await fetch(`${base}/api/zip`, {
      method: 'POST',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': 'forged' },
      body: form({ items: selection, _token: xsrf() }),
    });
    expect(wrongHeader.status).toBe(419);
    const anonymous = await fetch(`${base}/api/zip`, {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=abc', 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ items: selection, _token: 'abc' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('zips 900 items through a share link by post', async () => {
    const visitorCookie = 'XSRF-TOKEN=visitor-token';
    const items = shared.map((f) => `${f.id}|folder`).join(',');
    const res = await fetch(`${base}/api/sharing/zip/${shareToken}`, {
      method: 'POST',
      headers: { cookie: visitorCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ items, _token: 'visitor-token' }),
    });
    expect(res.status).toBe(200);
    expect(await zipPaths(Buffer.from(await res.arrayBuffer()))).toHaveLength(900);
    // Items outside the link stay unknown to it.
    const outside = await fetch(`${base}/api/sharing/zip/${shareToken}`, {
      method: 'POST',
      headers: { cookie: visitorCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ items: selection, _token: 'visitor-token' }),
    });
    expect(outside.status).toBe(404);
  });

  it('zips a whole folder after "select all" (all_in, except), whatever its size, through the access policy', async () => {
    const ownerId = await userIdOf(server, 'admin@example.com');
    const big = await seedFolder(server, ownerId, { name: 'Everything' });
    const many = await seedFolders(server, ownerId, big.id, 1200);
    const note = await seedFile(server, ownerId, { name: 'note.txt', content: 'kept', parentId: big.id });
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form({ ...fields, _token: xsrf() }),
      });

    // 1,201 items is more than a zip names by id: the folder is named instead, less the exceptions.
    const except = [many[0]!.id, many[1]!.id].join(',');
    const res = await post('/api/zip', { all_in: big.id, except });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Everything.zip');
    const paths = await zipPaths(Buffer.from(await res.arrayBuffer()));
    expect(paths).toHaveLength(1199);
    expect(paths).toContain('note.txt');
    expect(paths).not.toContain('Folder 0000/');
    expect(paths).not.toContain('Folder 0001/');
    expect(paths).toContain('Folder 1199/');
    void note;

    // "" names the top of My Files (JSON: null).
    const top = await fetch(`${base}/api/zip`, {
      method: 'POST',
      headers: { cookie: cookie(), 'content-type': 'application/json', 'x-xsrf-token': xsrf() },
      body: JSON.stringify({ all_in: null }),
    });
    expect(top.status).toBe(200);
    expect(top.headers.get('content-disposition')).toContain('files.zip');
    const topPaths = await zipPaths(Buffer.from(await top.arrayBuffer()));
    expect(topPaths).toContain('a.txt');
    expect(topPaths).toContain('Everything/note.txt');
    expect((await post('/api/zip', { all_in: '' })).status).toBe(200);

    // Both forms, an unknown or someone else's folder, a file, bad ids: refused, with stable codes.
    const both = await post('/api/zip', { all_in: big.id, items: `${note.id}|file` });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { code: string }).code).toBe('items.selection_conflict');
    expect((await post('/api/zip', { all_in: randomUUID() })).status).toBe(404);
    await registerUser(server, 'stranger@example.com');
    const theirs = await seedFolder(server, await userIdOf(server, 'stranger@example.com'), { name: 'Theirs' });
    await seedFile(server, await userIdOf(server, 'stranger@example.com'), { name: 'secret.txt', parentId: theirs.id });
    expect((await post('/api/zip', { all_in: theirs.id })).status).toBe(404);
    expect((await post('/api/zip', { all_in: note.id })).status).toBe(404);
    expect((await post('/api/zip', { all_in: big.id, except: 'not-an-id' })).status).toBe(422);
    const tooMany = Array.from({ length: 1001 }, () => randomUUID()).join(',');
    const refused = await post('/api/zip', { all_in: big.id, except: tooMany });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('items.too_many');

    // Through a link: its folder's contents ("" is the link's folder), nothing outside it.
    const visitor = (fields: Record<string, string>) =>
      fetch(`${base}/api/sharing/zip/${shareToken}`, {
        method: 'POST',
        headers: { cookie: 'XSRF-TOKEN=visitor-token', 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ ...fields, _token: 'visitor-token' }),
      });
    const linkZip = await visitor({ all_in: '' });
    expect(linkZip.status).toBe(200);
    expect(await zipPaths(Buffer.from(await linkZip.arrayBuffer()))).toHaveLength(900);
    expect((await visitor({ all_in: big.id })).status).toBe(404);
  });
});
