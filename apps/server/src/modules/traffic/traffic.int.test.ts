import { randomBytes } from 'node:crypto';
import { fileRequestResource, shareResource } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { trafficOf, utcDay } from './index.js';

describe('traffic: bytes in and out per user per day', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  let other: TestClient;
  let otherId: string;

  /** Today's counters of a user, once the meter has written what it gathered. */
  const today = async (userId: string) => {
    await server.ctx.traffic.flush();
    const [row] = await trafficOf(server.ctx.db, userId, utcDay(new Date()));
    return { up: row?.uploadBytes ?? 0, down: row?.downloadBytes ?? 0 };
  };
  /** What `action` added to the user's counters today. */
  const added = async (userId: string, action: () => Promise<unknown>) => {
    const before = await today(userId);
    await action();
    const after = await today(userId);
    return { up: after.up - before.up, down: after.down - before.down };
  };

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(() => server.close());

  it('counts a whole-file upload and a chunked one to the owner, once each', async () => {
    const whole = await added(ownerId, async () => {
      const res = await uploadFile(server, owner, { name: 'small.bin', content: randomBytes(12_345) });
      expect(res.status, res.body).toBe(201);
    });
    expect(whole).toEqual({ up: 12_345, down: 0 });

    const size = 11 * MiB + 777;
    const chunked = await added(ownerId, async () => {
      const res = await uploadFile(server, owner, { name: 'big.bin', content: randomBytes(size), chunkSize: 5 * MiB });
      expect(res.status, res.body).toBe(201);
    });
    expect(chunked).toEqual({ up: size, down: 0 });
  });

  it('counts the bytes a download sends: the whole file, a range, nothing for HEAD or 304', async () => {
    const file = await seedFile(server, ownerId, { name: 'report.bin', content: randomBytes(50_000) });
    const url = `/api/files/${file.id}/download`;
    let etag = '';
    expect(
      await added(ownerId, async () => {
        const res = await owner.get(url);
        expect(res.status).toBe(200);
        etag = String(res.headers.etag);
      }),
    ).toEqual({ up: 0, down: 50_000 });
    expect(
      await added(ownerId, async () => {
        const res = await owner.request('GET', url, undefined, { range: 'bytes=100-1099' });
        expect(res.status).toBe(206);
        expect(Number(res.headers['content-length'])).toBe(1000);
      }),
    ).toEqual({ up: 0, down: 1000 });
    expect(
      await added(ownerId, async () => {
        expect((await owner.request('HEAD', url)).status).toBe(200);
        expect((await owner.request('GET', url, undefined, { 'if-none-match': etag })).status).toBe(304);
      }),
    ).toEqual({ up: 0, down: 0 });
  });

  it('counts a zip by the archive bytes sent', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Photos' });
    await seedFile(server, ownerId, { name: 'a.bin', parentId: folder.id, content: randomBytes(3000) });
    await seedFile(server, ownerId, { name: 'b.bin', parentId: folder.id, content: randomBytes(4000) });
    let length = 0;
    const delta = await added(ownerId, async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/zip?items=${folder.id}|folder`,
        headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.statusCode).toBe(200);
      length = res.rawPayload.length;
      expect(Number(res.headers['content-length'])).toBe(length);
    });
    expect(length).toBeGreaterThan(7000);
    expect(delta).toEqual({ up: 0, down: length });
  });

  it("counts a share link's downloads to the link's owner, not to whoever downloads", async () => {
    const file = await seedFile(server, ownerId, { name: 'shared.bin', content: randomBytes(9000) });
    const res = await owner.post('/api/share', { id: file.id, type: 'file' });
    expect(res.status, res.body).toBe(201);
    const token = shareResource.parse(res.json()).data.attributes.token;
    const otherBefore = await today(otherId);
    const delta = await added(ownerId, async () => {
      expect((await other.get(`/api/sharing/download/${file.id}/${token}`)).status).toBe(200);
      const part = await server.client().request('GET', `/api/sharing/download/${file.id}/${token}`, undefined, {
        range: 'bytes=0-99',
      });
      expect(part.status).toBe(206);
    });
    expect(delta).toEqual({ up: 0, down: 9100 });
    expect(await today(otherId)).toEqual(otherBefore);
  });

  it("counts a guest's upload through an upload request to the request's owner", async () => {
    const inbox = await seedFolder(server, ownerId, { name: 'Inbox' });
    const created = await owner.post('/api/file-request', { folder_id: inbox.id });
    expect(created.status, created.body).toBe(201);
    const token = fileRequestResource.parse(created.json()).data.attributes.token;
    const delta = await added(ownerId, async () => {
      const res = await postMultipart(
        server,
        server.client(),
        `/api/file-request/${token}/upload/chunks`,
        { name: 'from-guest.txt', is_last_chunk: 1 },
        { content: Buffer.alloc(4321, 'x') },
      );
      expect(res.status, res.body).toBe(201);
    });
    expect(delta).toEqual({ up: 4321, down: 0 });
  });

  it('gathers counts in memory and writes them in one go, dropping those of a deleted account', async () => {
    server.ctx.traffic.countDownload(otherId, 10);
    server.ctx.traffic.countDownload(otherId, 5);
    server.ctx.traffic.countUpload(otherId, 7);
    // Not written until the meter flushes (at most a second later on its own).
    expect(await trafficOf(server.ctx.db, otherId, utcDay(new Date()))).toEqual([]);
    expect(await today(otherId)).toEqual({ up: 7, down: 15 });
    // An account gone before its counts were written must not fail the others'.
    server.ctx.traffic.countDownload('00000000-0000-4000-8000-000000000000', 1);
    server.ctx.traffic.countDownload(otherId, 1);
    expect(await today(otherId)).toEqual({ up: 7, down: 16 });
  });

  it('writes on its own within about a second', async () => {
    server.ctx.traffic.countUpload(otherId, 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [row] = await trafficOf(server.ctx.db, otherId, utcDay(new Date()));
    expect(row?.uploadBytes).toBe(10);
  });
});
