import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  appConfig,
  BULK_UPLOAD_FILE_MAX,
  BULK_UPLOAD_MAX_BYTES,
  BULK_UPLOAD_MAX_FILES,
  bulkUploadResponse,
  fileRequestResource,
  shareResource,
  type BulkFileOutcome,
} from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../lib/clock.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { writeSettings } from '../settings/index.js';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness.js';
import { bulkBody, manifestOf, type SentFile } from '../../../test/bulk.js';
import { BULK_UPLOADS_JOB } from './bulk-uploads-cleanup.job.js';
import { bulkUploadFiles, bulkUploads } from './bulk-uploads.table.js';

describe('bulk upload: many small files in one request (issue 42)', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let other: TestClient;
  let userId: string;
  let otherId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'bulk@example.com');
    other = await registerUser(server, 'other@example.com');
    userId = await userIdOf(server, 'bulk@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = async (
    client: TestClient,
    url: string,
    manifest: unknown,
    files: readonly { content: Buffer }[],
    key: string | null = randomUUID(),
    payloadOverride?: Readable,
  ): Promise<TestResponse> => {
    if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/ping');
    const { boundary, payload } = bulkBody(manifest, files);
    const xsrf = client.cookies.get('XSRF-TOKEN');
    const res = await server.app.inject({
      method: 'POST',
      url,
      payload: payloadOverride ?? payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        accept: 'application/json',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
    });
    return {
      status: res.statusCode,
      headers: res.headers as TestResponse['headers'],
      body: res.body,
      json: () => res.json(),
    };
  };
  const upload = (
    client: TestClient,
    parentId: string | null,
    files: SentFile[],
    key?: string,
    url = '/api/upload/bulk',
  ) => send(client, url, manifestOf(parentId, files), files, key);
  const outcomesOf = (res: TestResponse): BulkFileOutcome[] => {
    expect(res.status, res.body).toBe(200);
    return bulkUploadResponse.parse(res.json()).data;
  };
  const file = (name: string, bytes = 4096, path: string | null = null): SentFile => ({
    name,
    path,
    content: randomBytes(bytes),
  });
  const download = async (client: TestClient, id: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/files/${id}/download`,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    return res.rawPayload;
  };
  const blobCount = () => {
    const storage = server.ctx.config.storage;
    if (storage.driver !== 'local') throw new Error('these tests look at the local driver');
    return existsSync(storage.root)
      ? readdirSync(storage.root)
          .filter((shard) => !shard.startsWith('.'))
          .flatMap((shard) => readdirSync(path.join(storage.root, shard))).length
      : 0;
  };
  const itemCount = async (ownerId: string) =>
    rowsOf<{ n: number }>(
      await server.ctx.db.execute(
        sql`select count(*)::int as n from items where owner_id = ${ownerId} and type = 'file'`,
      ),
    )[0]?.n;

  it('publishes its bounds in GET /api/config', async () => {
    const config = appConfig.parse((await user.get('/api/config')).json());
    expect(config.bulkUpload).toEqual({
      maxFiles: BULK_UPLOAD_MAX_FILES,
      maxBytes: BULK_UPLOAD_MAX_BYTES,
      fileMax: BULK_UPLOAD_FILE_MAX,
    });
  });

  it('makes many files in nested folders in one request, each with its bytes', async () => {
    const top = await seedFolder(server, userId, { name: 'Photos' });
    const files = Array.from({ length: 40 }, (_, i) =>
      file(`f${i}.bin`, 1000 + i * 300, i % 3 === 0 ? null : i % 3 === 1 ? '2024' : '2024/summer/beach'),
    );
    const outcomes = outcomesOf(await upload(user, top.id, files));
    expect(outcomes.map((o) => [o.index, o.status])).toEqual(files.map((_, i) => [i, 'created']));
    const items = outcomes.map((o) => (o.status === 'created' ? o.item : null));
    // One folder per path, made once, nested as the paths say.
    const parentOf = (i: number) => items[i]?.data.attributes.parent_id;
    expect(parentOf(0)).toBe(top.id);
    expect(new Set(files.map((_, i) => parentOf(i))).size).toBe(3);
    expect(parentOf(1)).toBe(parentOf(4));
    expect(parentOf(2)).toBe(parentOf(5));
    const summer = await server.ctx.db.execute(
      sql`select parent_id from items where id = (select parent_id from items where id = ${parentOf(2)})`,
    );
    expect(rowsOf<{ parent_id: string }>(summer)[0]?.parent_id).toBe(parentOf(1));
    for (const i of [0, 2, 39]) {
      expect(items[i]?.data.attributes).toMatchObject({ name: files[i]?.name, size: files[i]?.content.length });
      expect((await download(user, items[i]?.data.id ?? '')).equals(files[i]?.content as Buffer)).toBe(true);
    }
  });

  it('refuses one file at a time (checksum, size, blocked type, name, quota) and keeps the others', async () => {
    await writeSettings(server.ctx.db, { mimetypes_blacklist: ['exe'] });
    const taken = await seedFile(server, userId, { name: 'taken.txt', content: 'already here' });
    const blobsBefore = blobCount();
    const files: SentFile[] = [
      file('ok-1.bin'),
      { ...file('bad-sum.bin'), sha256: 'a'.repeat(64) },
      { ...file('short.bin', 2000), size: 3000 },
      file('tool.exe'),
      file('..'),
      file('taken.txt'),
      file('ok-2.bin', 5000, 'deep/er'),
      { ...file('long.bin', 3000), size: 2000 },
    ];
    const outcomes = outcomesOf(await upload(user, null, files));
    expect(outcomes.map((o) => (o.status === 'created' ? 'created' : o.code))).toEqual([
      'created',
      'upload.checksum_mismatch',
      'upload.size_mismatch',
      'upload.type_blocked',
      'upload.invalid_name',
      'created',
      'created',
      'upload.size_mismatch',
    ]);
    // A name taken in its folder: the next free one, as for any upload.
    const renamed = outcomes[5]?.status === 'created' ? outcomes[5].item.data.attributes.name : null;
    expect(renamed).not.toBe(taken.name);
    expect(renamed).toMatch(/^taken.*\.txt$/);
    // Nothing of a refused file stays stored.
    expect(blobCount()).toBe(blobsBefore + 3);
    await writeSettings(server.ctx.db, { mimetypes_blacklist: [] });

    // Quota: the files before the one that no longer fits are kept, the rest refused.
    await server.ctx.db.execute(sql`update users set storage_used = 0 where id = ${otherId}`);
    await writeSettings(server.ctx.db, { storage_limitation: true });
    await server.ctx.db.execute(sql`update users set storage_capacity = 10000 where id = ${otherId}`);
    const quota = [file('q0.bin', 3000), file('q1.bin', 3000), file('q2.bin', 3000), file('q3.bin', 3000)];
    const limited = outcomesOf(await upload(other, null, quota));
    expect(limited.map((o) => (o.status === 'created' ? 'created' : o.code))).toEqual([
      'created',
      'created',
      'created',
      'upload.quota_exceeded',
    ]);
    await writeSettings(server.ctx.db, { storage_limitation: false });
  });

  it('refuses the whole request before reading its body when the actor may not upload there', async () => {
    const theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    const blobsBefore = blobCount();
    const refused = await upload(user, theirs.id, [file('a.bin'), file('b.bin')]);
    expect(refused.status, refused.body).toBe(404);
    expect(blobCount()).toBe(blobsBefore);

    // A view-only share link.
    const shared = await seedFolder(server, userId, { name: 'Shared' });
    const visitor = await user.post('/api/share', { id: shared.id, type: 'folder', permission: 'visitor' });
    const visitorToken = shareResource.parse(visitor.json()).data.attributes.token;
    const guest = server.client();
    const readOnly = await upload(guest, null, [file('a.bin')], undefined, `/api/sharing/upload/bulk/${visitorToken}`);
    expect(readOnly.status, readOnly.body).toBe(403);
    expect(readOnly.json().code).toBe('share.read_only');

    // An editor link uploads into its folder.
    const editable = await seedFolder(server, userId, { name: 'Editable' });
    const editor = await user.post('/api/share', { id: editable.id, type: 'folder', permission: 'editor' });
    const editorToken = shareResource.parse(editor.json()).data.attributes.token;
    const viaLink = outcomesOf(
      await upload(
        guest,
        null,
        [file('via-link.bin', 100, 'sub')],
        undefined,
        `/api/sharing/upload/bulk/${editorToken}`,
      ),
    );
    expect(viaLink[0]?.status).toBe('created');

    // An upload request: open, then expired.
    const drop = await seedFolder(server, userId, { name: 'Drop' });
    const created = await user.post('/api/file-request', { folder_id: drop.id });
    const token = fileRequestResource.parse(created.json()).data.attributes.token;
    const viaRequest = outcomesOf(
      await upload(guest, null, [file('r1.bin'), file('r2.bin')], undefined, `/api/file-request/${token}/upload/bulk`),
    );
    expect(viaRequest.map((o) => o.status)).toEqual(['created', 'created']);
    await server.ctx.db.execute(sql`update file_requests set status = 'expired' where token = ${token}`);
    const before = blobCount();
    const expired = await upload(guest, null, [file('r3.bin')], undefined, `/api/file-request/${token}/upload/bulk`);
    expect(expired.status, expired.body).toBe(410);
    expect(blobCount()).toBe(before);
  });

  it('answers a retry with the same key with the files it made, and makes none twice', async () => {
    const key = randomUUID();
    const folder = await seedFolder(server, userId, { name: 'Retry' });
    const files = [file('r-0.bin'), file('r-1.bin', 9000, 'x'), { ...file('r-2.bin'), sha256: 'b'.repeat(64) }];
    const first = outcomesOf(await upload(user, folder.id, files, key));
    const count = await itemCount(userId);
    const blobs = blobCount();
    const again = outcomesOf(await upload(user, folder.id, files, key));
    expect(again.map((o) => (o.status === 'created' ? o.item.data.id : o.code))).toEqual(
      first.map((o) => (o.status === 'created' ? o.item.data.id : o.code)),
    );
    expect(await itemCount(userId)).toBe(count);
    expect(blobCount()).toBe(blobs);

    // The same key with another manifest: refused, nothing made.
    const changed = await upload(user, folder.id, [file('r-0.bin'), file('other.bin')], key);
    expect(changed.status, changed.body).toBe(422);
    expect(changed.json().code).toBe('upload.idempotency_key_reused');
    // Keys are the actor's own: another user's request with the same key is a new one.
    expect(outcomesOf(await upload(other, null, [file('mine.bin')], key))[0]?.status).toBe('created');

    const noKey = await upload(user, null, [file('k.bin')], null as unknown as string);
    expect(noKey.status).toBe(400);
  });

  it('answers 409 to a retry while the first request with its key still runs', async () => {
    const key = randomUUID();
    const files = [file('slow-0.bin'), file('slow-1.bin')];
    const manifest = manifestOf(null, files);
    const { boundary, payload } = bulkBody(manifest, files);
    // The first request's body arrives in two halves, the second once the retry was answered.
    const slow = new Readable({ read() {} });
    const half = payload.length - 1000;
    slow.push(payload.subarray(0, half));
    if (!user.cookies.has('XSRF-TOKEN')) await user.get('/api/ping');
    const first = server.app.inject({
      method: 'POST',
      url: '/api/upload/bulk',
      payload: slow,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': user.cookies.get('XSRF-TOKEN') as string,
        'idempotency-key': key,
      },
    });
    // Wait until the first holds the key.
    for (let i = 0; i < 200; i++) {
      const held = await server.ctx.db.select().from(bulkUploads).where(eq(bulkUploads.idempotencyKey, key));
      if (held[0]?.holder) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const retry = await send(user, '/api/upload/bulk', manifest, files, key);
    expect(retry.status, retry.body).toBe(409);
    expect(retry.json().code).toBe('upload.idempotency_in_progress');
    slow.push(payload.subarray(half));
    slow.push(null);
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    // Once it answered, the retry answers the same files.
    const later = outcomesOf(await send(user, '/api/upload/bulk', manifest, files, key));
    expect(later.map((o) => o.status === 'created' && o.item.data.id)).toEqual(
      bulkUploadResponse.parse(done.json()).data.map((o) => o.status === 'created' && o.item.data.id),
    );
  });

  it('refuses more than its bounds with their codes, and still answers', async () => {
    const many = Array.from({ length: BULK_UPLOAD_MAX_FILES + 1 }, (_, i) => ({ ...file(`m${i}`, 1) }));
    const tooMany = await upload(user, null, many);
    expect(tooMany.status, tooMany.body).toBe(413);
    expect(tooMany.json().code).toBe('upload.bulk_too_many_files');

    const big = { ...file('big.bin', 1), size: BULK_UPLOAD_FILE_MAX + 1 };
    const bigFile = await send(user, '/api/upload/bulk', manifestOf(null, [big]), [big]);
    expect(bigFile.json().code).toBe('upload.bulk_file_too_large');

    const declared = Array.from({ length: 5 }, (_, i) => ({ ...file(`d${i}`, 1), size: BULK_UPLOAD_FILE_MAX }));
    const tooLarge = await send(user, '/api/upload/bulk', manifestOf(null, declared), declared);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json().code).toBe('upload.bulk_too_large');

    const missing = await send(user, '/api/upload/bulk', { parent_id: null }, []);
    expect(missing.status).toBe(422);
  });

  it('forgets a key a day later, in the clean-up job on the clock tests move', async () => {
    const clock = new SettableClock();
    server.ctx.clock = clock;
    try {
      const key = randomUUID();
      outcomesOf(await upload(user, null, [file('day-0.bin')], key));
      await server.ctx.jobs.drain([BULK_UPLOADS_JOB]);
      expect(await server.ctx.db.select().from(bulkUploads).where(eq(bulkUploads.idempotencyKey, key))).toHaveLength(1);
      clock.advance(24 * 60 * 60 * 1000 + 60_000);
      await server.ctx.jobs.drain([BULK_UPLOADS_JOB]);
      expect(await server.ctx.db.select().from(bulkUploads).where(eq(bulkUploads.idempotencyKey, key))).toHaveLength(0);
      expect(
        await server.ctx.db.select().from(bulkUploadFiles).where(eq(bulkUploadFiles.idempotencyKey, key)),
      ).toHaveLength(0);
      // Forgotten: the key may name a new upload.
      expect(outcomesOf(await upload(user, null, [file('day-1.bin')], key))[0]?.status).toBe('created');
    } finally {
      clock.reset();
    }
  });

  it('is in the API document', async () => {
    const doc = (await admin.get('/api/openapi.json')).json();
    for (const p of ['/api/upload/bulk', '/api/sharing/upload/bulk/{token}', '/api/file-request/{token}/upload/bulk']) {
      const operation = doc.paths[p]?.post;
      expect(operation?.responses?.['200'], p).toBeDefined();
      expect(Object.keys(operation?.requestBody?.content ?? {}), p).toEqual(['multipart/form-data']);
      expect(operation?.parameters, p).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
      );
    }
  });
});

// The same call on S3 storage, against a real S3 server when one is given (.ci/run starts Ceph RGW
// when it can); without one it is listed as skipped and scripts/test-summary.mjs says so.
const s3Endpoint = process.env.TEST_S3_ENDPOINT;
describe.skipIf(!s3Endpoint)('bulk upload on S3 storage', () => {
  let server: TestServer;
  let user: TestClient;

  beforeAll(async () => {
    const bucket = process.env.TEST_S3_BUCKET ?? 'filestore-test';
    const credentials = {
      accessKeyId: process.env.TEST_S3_ACCESS_KEY ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_KEY ?? '',
    };
    const s3 = new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    await s3
      .send(new HeadBucketCommand({ Bucket: bucket }))
      .catch(() => s3.send(new CreateBucketCommand({ Bucket: bucket })));
    s3.destroy();
    server = await startTestServer({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3Endpoint ?? '',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    await installWithAdmin(server);
    user = await registerUser(server, 's3-bulk@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores each file in the bucket and refuses the one whose checksum differs', async () => {
    const files: SentFile[] = Array.from({ length: 6 }, (_, i) => ({
      name: `s3-${i}.bin`,
      path: i % 2 ? 'nested/deeper' : null,
      content: randomBytes(5000 + i * 7000),
    }));
    files[3] = { ...(files[3] as SentFile), sha256: 'c'.repeat(64) };
    await user.get('/api/ping');
    const { contentType, payload } = bulkBody(manifestOf(null, files), files);
    const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/upload/bulk',
      payload,
      headers: {
        'content-type': contentType,
        cookie,
        'x-xsrf-token': user.cookies.get('XSRF-TOKEN') as string,
        'idempotency-key': randomUUID(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const outcomes = bulkUploadResponse.parse(res.json()).data;
    expect(outcomes.map((o) => (o.status === 'created' ? 'created' : o.code))).toEqual([
      'created',
      'created',
      'created',
      'upload.checksum_mismatch',
      'created',
      'created',
    ]);
    for (const [i, o] of outcomes.entries()) {
      if (o.status !== 'created') continue;
      const got = await server.app.inject({
        method: 'GET',
        url: `/api/files/${o.item.data.id}/download`,
        headers: { cookie },
      });
      expect(got.rawPayload.equals(files[i]?.content as Buffer)).toBe(true);
    }
  });
});
