import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { fileRequestResource, remoteUploadResource, shareResource } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import { items } from '../../../test/tables.js';
import { notifications } from '../notifications/index.js';
import { outboxEvents } from '../realtime/index.js';
import { writeSettings } from '../settings/index.js';
import {
  installWithAdmin,
  MiB,
  registerUser,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { closeServer, guardConnections, listen, testNetwork } from '../../../test/remote-origins.js';
import { REMOTE_UPLOADS_JOB } from './remote-uploads.usecases.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const NAMED = randomBytes(200 * 1024);
const PLAIN = randomBytes(3000);

/**
 * Remote upload end to end on the in-process server (issue 13, Deliver 3 and 6): a local node:http
 * origin serves the files; the guard is the real one, with the injected resolver and one allowed
 * `127.0.0.1:<origin port>` pair as the only seam. No test sends a packet off loopback: a guard on
 * `net.Socket.prototype.connect` fails any socket to another address, and the tests assert it saw none.
 */
describe('remote upload', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let origin: Awaited<ReturnType<typeof listen>>;
  /** Loopback servers the guard must keep the fetcher from (v4 and v6): their connection counts stay 0. */
  let target4: Awaited<ReturnType<typeof listen>>;
  let target6: Awaited<ReturnType<typeof listen>> | null;
  let slowRequests = 0;
  const sockets = guardConnections();
  const url = (path: string) => `http://127.0.0.1:${origin.port}${path}`;

  const handler: http.RequestListener = (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    switch (u.pathname) {
      case '/named':
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-length': NAMED.length,
          'content-disposition': `attachment; filename="fallback.bin"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf`,
        });
        return res.end(NAMED);
      case '/files/Quarterly%20plan.txt':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': PLAIN.length });
        return res.end(PLAIN);
      case '/':
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(PLAIN);
      case '/big-declared':
        res.writeHead(200, { 'content-length': 2 * MiB });
        return res.end(Buffer.alloc(2 * MiB, 1));
      case '/big-chunked':
        // No length: the bytes are counted as they come.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024, 2));
        return res.end();
      case '/script.txt':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('<?php echo "hello";');
      case '/slow': {
        slowRequests++;
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const timer = setInterval(() => res.write(Buffer.alloc(1024)), 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/cut':
        // Declares more than it sends, then drops the connection.
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 100_000 });
        res.write(Buffer.alloc(1000, 3));
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      case '/missing':
        res.writeHead(404);
        return res.end();
      case '/redirect':
        res.writeHead(302, { location: u.searchParams.get('to') ?? '/' });
        return res.end();
      default:
        res.writeHead(404);
        return res.end();
    }
  };

  const remoteUpload = async (
    client: TestClient,
    urls: string[],
    parentId: string | null = null,
    route = '/api/upload/remote',
  ) => client.post(route, { urls, parent_id: parentId });
  const finished = async (client: TestClient, batchId: string, statusUrl = `/api/upload/remote/${batchId}`) => {
    await server.ctx.jobs.drain([REMOTE_UPLOADS_JOB]);
    const res = await client.get(statusUrl);
    expect(res.status, res.body).toBe(200);
    return remoteUploadResource.parse(res.json()).data.attributes;
  };
  const start = async (urls: string[], parentId: string | null = null) => {
    const res = await remoteUpload(owner, urls, parentId);
    expect(res.status, res.body).toBe(201);
    return remoteUploadResource.parse(res.json()).data;
  };
  const filesOfOwner = () =>
    server.ctx.db
      .select()
      .from(items)
      .where(sql`${items.ownerId} = ${ownerId} and ${items.type} = 'file'`);
  const blobOf = async (id: string) => {
    const blob = await server.ctx.storage.get(`files/${id}`);
    const parts: Buffer[] = [];
    for await (const chunk of blob.body as AsyncIterable<Buffer>) parts.push(chunk);
    return Buffer.concat(parts);
  };
  const storedBlobCount = async () =>
    rowsOf(await server.ctx.db.execute(sql`select 1 from items where owner_id = ${ownerId} and type = 'file'`)).length;

  beforeAll(async () => {
    origin = await listen(handler);
    target4 = await listen((_req, res) => res.end('must never be reached'));
    target6 = await listen((_req, res) => res.end('must never be reached'), '::1').catch(() => null);
    const t = target4.port;
    server = await startTestServer(
      // Short enough for the slow-server case, long enough that a busy machine fetches the others in time
      // (at 2 s, a 30-byte download once ran out of it at a load average of 20).
      { REMOTE_UPLOAD_TIMEOUT_SECONDS: '5' },
      {
        remoteNetwork: testNetwork(
          {
            'files.test': ['127.0.0.1'],
            'loopback.test': ['127.0.0.1'],
            'private.test': ['10.0.0.1'],
            'lan.test': ['192.168.1.1'],
            'metadata.test': ['169.254.169.254'],
            'ula.test': ['fd00::1'],
            'mapped.test': ['::ffff:10.0.0.1'],
            'mixed.test': ['93.184.216.34', '10.0.0.1'],
          },
          [`127.0.0.1:${origin.port}`],
        ),
      },
    );
    void t;
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
  });
  afterAll(async () => {
    sockets.restore();
    await server?.close();
    for (const s of [origin, target4, target6]) if (s) await closeServer(s.server);
  });
  beforeEach(async () => {
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
    await server.ctx.db.execute(sql`delete from items where owner_id = ${ownerId}`);
    await server.ctx.db.execute(sql`update users set storage_used = 0, storage_capacity = null where id = ${ownerId}`);
  });

  it('answers at once, then fetches each URL byte-exact under its Content-Disposition or URL name', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Inbox' });
    const batch = await start(
      [url('/named'), 'http://files.test:' + origin.port + '/files/Quarterly%20plan.txt', url('/')],
      folder.id,
    );
    expect(batch.attributes).toMatchObject({
      status: 'queued',
      total: 3,
      processed: 0,
      failed: 0,
      parent_id: folder.id,
    });

    const done = await finished(owner, batch.id);
    expect(done).toMatchObject({ status: 'done', total: 3, processed: 3, failed: 0, failures: [] });
    const files = await filesOfOwner();
    const byName = new Map(files.map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual(['Quarterly plan.txt', 'download.png', 'résumé final.pdf']);
    for (const f of files) expect(f.parentId).toBe(folder.id);
    expect(sha(await blobOf(byName.get('résumé final.pdf')!.id))).toBe(sha(NAMED));
    expect(sha(await blobOf(byName.get('Quarterly plan.txt')!.id))).toBe(sha(PLAIN));

    // Three progress events and one done event for the owner, and one notification.
    const events = await server.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.userId, ownerId));
    const mine = events.filter((e) => (e.payload as { batch_id?: string }).batch_id === batch.id);
    expect(mine.map((e) => e.name)).toEqual([
      'remote-upload.progress',
      'remote-upload.progress',
      'remote-upload.progress',
      'remote-upload.done',
    ]);
    expect(mine[2]?.payload).toMatchObject({ processed: 3, total: 3, failed: 0 });
    expect((mine[0]?.payload as { file: { parent_id: string } }).file.parent_id).toBe(folder.id);
    const [note] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(note).toMatchObject({ category: 'remote-upload-done', title: 'Upload from links finished' });
    expect(note?.action).toEqual({ type: 'route', params: { route: 'Files', id: folder.id, button: 'Show files' } });
    await server.ctx.db.delete(notifications).where(eq(notifications.userId, ownerId));
  });

  it('refuses what the caller may not write to, and more than 50 or non-http URLs', async () => {
    const otherId = await userIdOf(server, 'other@example.com');
    const theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    expect((await remoteUpload(owner, [url('/named')], theirs.id)).status).toBe(404);
    expect((await remoteUpload(server.client(), [url('/named')])).status).toBe(401);

    const fifty = Array.from({ length: 50 }, (_, i) => url(`/missing?${i}`));
    const ok = await remoteUpload(owner, fifty);
    expect(ok.status, ok.body).toBe(201);
    const tooMany = await remoteUpload(owner, [...fifty, url('/missing')]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.json().errors).toHaveProperty('urls');
    for (const bad of ['ftp://127.0.0.1/x', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const res = await remoteUpload(owner, [bad]);
      expect(res.status, bad).toBe(422);
    }
    expect((await remoteUpload(owner, [])).status).toBe(422);

    // Someone else's batch is unknown to them.
    const batch = remoteUploadResource.parse(ok.json()).data;
    expect((await other.get(`/api/upload/remote/${batch.id}`)).status).toBe(404);
    const done = await finished(owner, batch.id);
    expect(done).toMatchObject({ processed: 50, failed: 50 });
    expect(done.failures[0]?.reason).toBe('The server answered 404.');
    await server.ctx.db.delete(notifications).where(eq(notifications.userId, ownerId));
  });

  it('fails oversized files, declared or not, and blacklisted ones, with a reason and nothing left', async () => {
    await writeSettings(server.ctx.db, { upload_limit: 1, mimetypes_blacklist: ['php'] });
    const batch = await start([url('/big-declared'), url('/big-chunked'), url('/script.txt')]);
    const done = await finished(owner, batch.id);
    expect(done).toMatchObject({ processed: 3, failed: 3 });
    expect(done.failures.map((f) => f.reason)).toEqual([
      "Files larger than 1 MB can't be uploaded.",
      "Files larger than 1 MB can't be uploaded.",
      "Files of type “text/x-php” can't be uploaded here.",
    ]);
    expect(await storedBlobCount()).toBe(0);
    const [used] = rowsOf<{ storage_used: number }>(
      await server.ctx.db.execute(sql`select storage_used from users where id = ${ownerId}`),
    );
    expect(Number(used?.storage_used)).toBe(0);
    const [note] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(note?.title).toBe('Upload from links finished with failures');
    expect(note?.description).toContain(`${url('/script.txt')}: Files of type`);
    await server.ctx.db.delete(notifications).where(eq(notifications.userId, ownerId));
  });

  it('fails a download whose connection closes before the declared length, and keeps nothing', async () => {
    const batch = await start([url('/cut'), url('/files/Quarterly%20plan.txt')]);
    const done = await finished(owner, batch.id);
    expect(done).toMatchObject({ processed: 2, failed: 1 });
    expect(done.failures).toHaveLength(1);
    expect(done.failures[0]?.url).toBe(url('/cut'));
    const files = await filesOfOwner();
    expect(files.map((f) => f.name)).toEqual(['Quarterly plan.txt']);
    const [used] = rowsOf<{ storage_used: number }>(
      await server.ctx.db.execute(sql`select storage_used from users where id = ${ownerId}`),
    );
    expect(Number(used?.storage_used)).toBe(PLAIN.length);
  });

  it('checks the quota while the bytes arrive', async () => {
    await server.ctx.db.execute(
      sql`update users set storage_capacity = 1000000, storage_used = 999000 where id = ${ownerId}`,
    );
    const batch = await start([url('/big-chunked'), url('/files/Quarterly%20plan.txt')]);
    const done = await finished(owner, batch.id);
    expect(done.failures.map((f) => f.reason)).toEqual([
      "There isn't enough storage space left for this file.",
      "There isn't enough storage space left for this file.",
    ]);
    expect(await storedBlobCount()).toBe(0);
  });

  it('cuts a slow server at the time cap', async () => {
    const before = slowRequests;
    const started = Date.now();
    const batch = await start([url('/slow')]);
    const done = await finished(owner, batch.id);
    expect(slowRequests).toBe(before + 1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(done.failures).toEqual([
      { url: url('/slow'), reason: 'The download took longer than 5 seconds and was stopped.' },
    ]);
    expect(await storedBlobCount()).toBe(0);
  });

  it('refuses loopback for real, directly, by name and through redirects, before any connection', async () => {
    const t = target4.port;
    const direct = [
      `http://127.0.0.1:${t}/x`,
      `http://[::1]:${t}/x`,
      `http://[::ffff:127.0.0.1]:${t}/x`,
      `http://loopback.test:${t}/x`,
      `http://127.1:${t}/x`,
      `http://2130706433:${t}/x`,
      `http://0.0.0.0:${t}/x`,
    ];
    const redirected = direct.map((to) => url(`/redirect?to=${encodeURIComponent(to)}`));
    const batch = await start([...direct, ...redirected]);
    const done = await finished(owner, batch.id);
    expect(done.failed).toBe(direct.length * 2);
    for (const f of done.failures) expect(f.reason, f.url).toMatch(/is a private, local or reserved address/);
    expect(target4.connections()).toBe(0);
    expect(target6?.connections() ?? 0).toBe(0);
    expect(sockets.attempts).toEqual([]);
  });

  it('refuses private, link-local, metadata and unique-local addresses without opening a socket', async () => {
    const hosts = [
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::10.0.0.1]/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://private.test/',
      'http://lan.test/',
      'http://metadata.test/',
      'http://ula.test/',
      'http://mapped.test/',
      'http://mixed.test/',
    ];
    const redirected = hosts.map((to) => url(`/redirect?to=${encodeURIComponent(to)}`));
    const batch = await start([...hosts, ...redirected]);
    const done = await finished(owner, batch.id);
    expect(done.failed).toBe(hosts.length * 2);
    for (const f of done.failures) expect(f.reason, f.url).toMatch(/is a private, local or reserved address/);
    expect(sockets.attempts).toEqual([]);
  });

  it('follows at most 5 redirects', async () => {
    let chain = url('/files/Quarterly%20plan.txt');
    for (let i = 0; i < 5; i++) chain = url(`/redirect?to=${encodeURIComponent(chain)}`);
    const tooLong = url(`/redirect?to=${encodeURIComponent(chain)}`);
    const batch = await start([chain, tooLong]);
    const done = await finished(owner, batch.id);
    expect(done.failures).toEqual([{ url: tooLong, reason: 'More than 5 redirects.' }]);
    expect((await filesOfOwner()).map((f) => f.name)).toEqual(['Quarterly plan.txt']);
  });

  it('lets share editors and upload-request guests fetch into their folder, not visitors or revoked links', async () => {
    const drop = await seedFolder(server, ownerId, { name: 'Drop' });
    const share = async (permission: 'editor' | 'visitor') => {
      const res = await owner.post('/api/share', { id: drop.id, type: 'folder', permission });
      expect(res.status, res.body).toBe(201);
      return shareResource.parse(res.json()).data.attributes.token;
    };
    const guest = server.client();
    const editor = await share('editor');
    const started = await remoteUpload(guest, [url('/named')], null, `/api/sharing/upload/remote/${editor}`);
    expect(started.status, started.body).toBe(201);
    const batch = remoteUploadResource.parse(started.json()).data;
    expect(batch.attributes.parent_id).toBe(drop.id);
    // The batch's status is the link's: not the owner's API, not another link's.
    expect((await owner.get(`/api/upload/remote/${batch.id}`)).status).toBe(404);
    const status = await finished(guest, batch.id, `/api/sharing/upload/remote/${batch.id}/${editor}`);
    expect(status).toMatchObject({ processed: 1, failed: 0 });
    const [file] = await filesOfOwner();
    expect(file).toMatchObject({ parentId: drop.id, creatorId: null, name: 'résumé final.pdf' });

    // Revoked after the batch was started: its URLs fail, nothing is stored.
    const late = await remoteUpload(guest, [url('/named')], null, `/api/sharing/upload/remote/${editor}`);
    expect(late.status).toBe(201);
    expect((await owner.request('DELETE', `/api/share/${editor}`)).status).toBe(200);
    await server.ctx.jobs.drain([REMOTE_UPLOADS_JOB]);
    const lateId = remoteUploadResource.parse(late.json()).data.id;
    const [lateBatch] = rowsOf<{ failed: number }>(
      await server.ctx.db.execute(sql`select failed from remote_upload_batches where id = ${lateId}`),
    );
    expect(lateBatch?.failed).toBe(1);
    expect(await filesOfOwner()).toHaveLength(1);
    // Revoked: refused at once.
    expect((await remoteUpload(guest, [url('/named')], null, `/api/sharing/upload/remote/${editor}`)).status).toBe(410);

    const visitor = await share('visitor');
    const read = await remoteUpload(guest, [url('/named')], null, `/api/sharing/upload/remote/${visitor}`);
    expect(read.status).toBe(403);
    expect(read.json().code).toBe('share.read_only');

    // Upload request: into the request's folder.
    const req = await owner.post('/api/file-request', { folder_id: drop.id });
    expect(req.status, req.body).toBe(201);
    const token = fileRequestResource.parse(req.json()).data.attributes.token;
    const viaRequest = await remoteUpload(
      guest,
      [url('/files/Quarterly%20plan.txt')],
      null,
      `/api/file-request/${token}/upload/remote`,
    );
    expect(viaRequest.status, viaRequest.body).toBe(201);
    const requestBatch = remoteUploadResource.parse(viaRequest.json()).data;
    const requestStatus = await finished(
      guest,
      requestBatch.id,
      `/api/file-request/${token}/upload/remote/${requestBatch.id}`,
    );
    expect(requestStatus).toMatchObject({ processed: 1, failed: 0 });
    const fromGuest = (await filesOfOwner()).find((f) => f.name === 'Quarterly plan.txt');
    expect(fromGuest?.parentId).toBe(requestBatch.attributes.parent_id);
    // A file fetched into the request is its first upload: the owner hears of it (ADR 0026).
    const told = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(told.map((n) => n.title)).toContain(
      `Files are arriving in “${fileRequestResource.parse(req.json()).data.relationships.folder!.data.attributes.name}”`,
    );
    // Another user's folder through the request's parent_id: 404.
    const otherId = await userIdOf(server, 'other@example.com');
    const theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    expect(
      (await remoteUpload(guest, [url('/named')], theirs.id, `/api/file-request/${token}/upload/remote`)).status,
    ).toBe(404);
    await server.ctx.db.delete(notifications).where(eq(notifications.userId, ownerId));
  });
});
