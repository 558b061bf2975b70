import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileRequestResource, runningUploadsResponse, shareResource, type RunningUpload } from '@filestore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeSettings } from '../settings/index.js';
import { SHARES_CLEANUP_JOB } from '../sharing/index.js';
import { FILE_REQUESTS_JOB } from '../file-requests/index.js';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  seedFolder,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { CLEANUP_JOB } from './upload-sessions-cleanup.job.js';
import { uploadSessions } from './upload-sessions.table.js';

const CHUNK = 5 * MiB;
/** What one 5 MiB chunk may declare: the owner's whole 5 GB quota (issue 12, item 5). */
const HUGE = 5_000_000_000;
/** Small enough that several fit the quota side by side. */
const SMALL = 20 * CHUNK;

/**
 * An upload started through a share link or an upload request reserves its owner's quota: the
 * reservation ends with the link, the owner sees and cancels it, and it ends within an hour of
 * silence.
 */
describe('uploads that link guests start in the owner’s storage', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let drop: { id: string; name: string };

  /** Unfinished multipart uploads on the local driver (one directory each). */
  const multipartCount = () => {
    const storage = server.ctx.config.storage;
    if (storage.driver !== 'local') throw new Error('these tests look at the local driver');
    const dir = path.join(storage.root, '.multipart');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const running = async (client = owner): Promise<RunningUpload[]> => {
    const res = await client.get('/api/user/storage/uploads');
    expect(res.status, res.body).toBe(200);
    return runningUploadsResponse.parse(res.json()).data;
  };
  const shareDrop = async (permission: 'editor' | 'visitor' = 'editor') => {
    const res = await owner.post('/api/share', { id: drop.id, type: 'folder', permission });
    expect(res.status, res.body).toBe(201);
    return shareResource.parse(res.json()).data.attributes.token;
  };
  const createRequest = async () => {
    const res = await owner.post('/api/file-request', { folder_id: drop.id });
    expect(res.status, res.body).toBe(201);
    return fileRequestResource.parse(res.json()).data.attributes.token;
  };
  /** One 5 MiB chunk of a file that declares `size` (the whole quota unless told). */
  const firstChunk = async (url: string, client: TestClient = server.client(), size = HUGE) => {
    const uploadId = randomUUID();
    const res = await postMultipart(
      server,
      client,
      url,
      { name: 'huge.bin', upload_id: uploadId, offset: 0, size, chunk_size: CHUNK, is_last_chunk: 0 },
      { content: randomBytes(CHUNK) },
    );
    expect(res.status, res.body).toBe(200);
    return { uploadId, client };
  };
  const nextChunk = (url: string, client: TestClient, uploadId: string) =>
    postMultipart(
      server,
      client,
      url,
      { name: 'huge.bin', upload_id: uploadId, offset: CHUNK, size: HUGE, chunk_size: CHUNK, is_last_chunk: 0 },
      { content: randomBytes(CHUNK) },
    );
  /** Whether the owner may store a small file now, i.e. whether the quota is free. */
  const ownerMayUpload = async () => {
    const res = await uploadFile(server, owner, { name: `small-${randomUUID()}.txt`, content: 'small' });
    expect([201, 423], res.body).toContain(res.status);
    return res.status === 201;
  };
  const age = (uploadId: string, interval: string) =>
    server.ctx.db.execute(
      sql`update upload_sessions set updated_at = now() - ${interval}::interval where id = ${uploadId}::uuid`,
    );

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
    const capacity = await admin.request('PATCH', `/api/admin/users/${ownerId}/capacity`, { capacity: 5 });
    expect(capacity.status, capacity.body).toBe(200);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    // Each test starts from an empty account with no running upload.
    await server.ctx.db.execute(sql`delete from items where owner_id = ${ownerId}`);
    await server.ctx.db.execute(
      sql`update users set storage_used = 0, root_file_count = 0, root_folder_count = 0 where id = ${ownerId}`,
    );
    for (const session of await server.ctx.db.delete(uploadSessions).returning()) {
      await server.ctx.storage.abortMultipart(`files/${session.fileId}`, session.multipartId);
    }
    drop = await seedFolder(server, ownerId, { name: `Drop ${randomUUID().slice(0, 8)}` });
  });

  it('ends a share guest’s reservation when the link is revoked: parts gone, quota free again', async () => {
    const token = await shareDrop();
    const url = `/api/sharing/upload/chunks/${token}`;
    const before = multipartCount();
    const { uploadId, client } = await firstChunk(url);
    expect(multipartCount()).toBe(before + 1);
    expect(await ownerMayUpload()).toBe(false);

    expect((await owner.request('DELETE', `/api/share/${token}`)).status).toBe(200);
    expect(await running()).toEqual([]);
    expect(multipartCount()).toBe(before);
    expect(await ownerMayUpload()).toBe(true);
    // The link is gone: its next chunk hears so (410 share.revoked, ADR 0019), and nothing is stored.
    const after = await nextChunk(url, client, uploadId);
    expect(after.status).toBe(410);
    expect(after.json()).toMatchObject({ code: 'share.revoked' });
    expect(multipartCount()).toBe(before);
  });

  it('ends a share guest’s uploads when the link is made read-only', async () => {
    const token = await shareDrop();
    await firstChunk(`/api/sharing/upload/chunks/${token}`);
    const changed = await owner.request('PATCH', `/api/share/${token}`, { permission: 'visitor' });
    expect(changed.status, changed.body).toBe(200);
    expect(await running()).toEqual([]);
    expect(await ownerMayUpload()).toBe(true);
  });

  it('ends a share guest’s uploads once the link expired, in the sharing job', async () => {
    const token = await shareDrop();
    await firstChunk(`/api/sharing/upload/chunks/${token}`);
    // A live editor link's upload survives the job.
    await server.ctx.jobs.drain([SHARES_CLEANUP_JOB]);
    expect(await running()).toHaveLength(1);
    await server.ctx.db.execute(sql`update shares set expires_at = now() - interval '1 minute' where token = ${token}`);
    await server.ctx.jobs.drain([SHARES_CLEANUP_JOB]);
    expect(await running()).toEqual([]);
    expect(await ownerMayUpload()).toBe(true);
  });

  it('ends an upload request guest’s uploads when the guest presses Done, or when the request expires', async () => {
    const token = await createRequest();
    await firstChunk(`/api/file-request/${token}/upload/chunks`);
    expect((await running())[0]?.started_by).toEqual({ kind: 'upload_request', name: null });
    const done = await server.client().request('DELETE', `/api/file-request/${token}`);
    expect(done.status, done.body).toBe(200);
    expect(await running()).toEqual([]);
    expect(await ownerMayUpload()).toBe(true);

    const expiring = await createRequest();
    await firstChunk(`/api/file-request/${expiring}/upload/chunks`, server.client(), SMALL);
    await server.ctx.jobs.drain([FILE_REQUESTS_JOB]);
    expect(await running()).toHaveLength(1);
    await server.ctx.db.execute(
      sql`update file_requests set created_at = now() - interval '73 hours' where token = ${expiring}`,
    );
    await server.ctx.jobs.drain([FILE_REQUESTS_JOB]);
    expect(await running()).toEqual([]);
  });

  it('lists the uploads running in the owner’s storage, with who started them, and lets the owner cancel one', async () => {
    const token = await shareDrop();
    const url = `/api/sharing/upload/chunks/${token}`;
    const { uploadId, client } = await firstChunk(url, server.client(), SMALL);
    const own = await firstChunk('/api/upload/chunks', owner, SMALL);
    const list = await running();
    expect(list.map((u) => [u.id, u.started_by])).toEqual([
      [own.uploadId, { kind: 'user', name: 'Uma User' }],
      [uploadId, { kind: 'share_link', name: null }],
    ]);
    expect(list[1]).toMatchObject({
      name: 'huge.bin',
      size: SMALL,
      received: CHUNK,
      folder: { id: drop.id, name: drop.name },
    });
    expect(list[0]?.folder).toBeNull();

    // Another user neither sees nor cancels them.
    expect(await running(other)).toEqual([]);
    expect((await other.request('DELETE', `/api/user/storage/uploads/${uploadId}`)).status).toBe(404);
    expect((await server.client().request('DELETE', `/api/user/storage/uploads/${uploadId}`)).status).toBe(401);

    expect((await owner.request('DELETE', `/api/user/storage/uploads/${uploadId}`)).status).toBe(204);
    expect((await running()).map((u) => u.id)).toEqual([own.uploadId]);
    const refused = await nextChunk(url, client, uploadId);
    expect(refused.status).toBe(404);
    expect((await owner.request('DELETE', `/api/user/storage/uploads/${uploadId}`)).status).toBe(404);
    expect((await owner.request('DELETE', `/api/user/storage/uploads/${own.uploadId}`)).status).toBe(204);
    expect(await ownerMayUpload()).toBe(true);
  });

  it('ends a link guest’s upload after 45 minutes of silence; the owner’s own keeps its day', async () => {
    const token = await shareDrop();
    const guest = await firstChunk(`/api/sharing/upload/chunks/${token}`, server.client(), SMALL);
    const request = await firstChunk(
      `/api/file-request/${await createRequest()}/upload/chunks`,
      server.client(),
      SMALL,
    );
    const own = await firstChunk('/api/upload/chunks', owner, SMALL);
    await age(guest.uploadId, '44 minutes');
    await server.ctx.jobs.drain([CLEANUP_JOB]);
    expect(await running()).toHaveLength(3);

    for (const id of [guest.uploadId, request.uploadId, own.uploadId]) await age(id, '46 minutes');
    const before = multipartCount();
    await server.ctx.jobs.drain([CLEANUP_JOB]);
    expect((await running()).map((u) => u.id)).toEqual([own.uploadId]);
    expect(multipartCount()).toBe(before - 2);

    await age(own.uploadId, '25 hours');
    await server.ctx.jobs.drain([CLEANUP_JOB]);
    expect(await running()).toEqual([]);
  });

  it('runs the clean-up job often enough that a silent link upload is gone within the hour', async () => {
    const { LINK_STALE_AFTER_MS, uploadSessionsCleanupJob } = await import('./upload-sessions-cleanup.job.js');
    expect(LINK_STALE_AFTER_MS + uploadSessionsCleanupJob(server.ctx).intervalMs).toBeLessThanOrEqual(3_600_000);
  });
});
