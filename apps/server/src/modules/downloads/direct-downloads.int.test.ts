import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { shareResource } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';

// S3_DIRECT_DOWNLOADS against a real S3 server when one is given (.ci/run starts Ceph RGW when it
// can); without one every case is listed as skipped and scripts/test-summary.mjs says so loudly.
const endpoint = process.env.TEST_S3_ENDPOINT;
const bucket = process.env.TEST_S3_BUCKET ?? 'filestore-test';
const s3Env = (extra: Record<string, string> = {}) => ({
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: endpoint ?? '',
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY ?? '',
  S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_KEY ?? '',
  ...extra,
});

async function ensureBucket() {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.TEST_S3_ACCESS_KEY ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_KEY ?? '',
    },
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket })).catch(async () => {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    });
  } finally {
    client.destroy();
  }
}

/** A request as a browser sends it (cookies, Sec-Fetch-Mode), not following redirects. */
async function get(server: TestServer, client: TestClient, url: string, headers: Record<string, string> = {}) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return server.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
}

describe.skipIf(!endpoint)('s3 direct downloads', () => {
  let server: TestServer;
  let owner: TestClient;
  let stranger: TestClient;
  let ownerId: string;
  const bytes = randomBytes(300_000);
  let fileId: string;
  let pictureId: string;
  const seeded: string[] = [];

  beforeAll(async () => {
    await ensureBucket();
    server = await startTestServer(s3Env({ S3_DIRECT_DOWNLOADS: 'true' }));
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    stranger = await registerUser(server, 'stranger@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    fileId = (await seedFile(server, ownerId, { name: 'Résumé "final" 2026.bin', content: bytes })).id;
    pictureId = (await seedFile(server, ownerId, { name: 'pic.png', content: bytes, mimetype: 'image/png' })).id;
    seeded.push(`files/${fileId}`, `files/${pictureId}`);
  });
  afterAll(async () => {
    await server.ctx.storage.deleteMany(seeded);
    await server.close();
  });

  it('redirects the owner to a signed URL that answers the exact bytes with the name and type as signed', async () => {
    const res = await get(server, owner, `/api/files/${fileId}/download`, { 'sec-fetch-mode': 'navigate' });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${endpoint}/${bucket}/files/${fileId}?`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    // Only the browser may keep the redirect, for less than the URL lives (300 s by default).
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(res.body).toBe('');

    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await direct.arrayBuffer()), bytes)).toBe(0);
    expect(direct.headers.get('content-type')).toBe('application/octet-stream');
    expect(direct.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_ 2026.bin"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%202026.bin`,
    );
    expect(direct.headers.get('cache-control')).toBe('private, no-cache');

    // The headers are part of the signature: asking the bucket for another type is refused.
    const edited = new URL(location);
    edited.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(edited)).status).toBe(403);
  });

  it('serves a range on the signed URL, and previews inline with the type the route allows', async () => {
    const res = await get(server, owner, `/api/files/${pictureId}/download?inline=1`, { range: 'bytes=10-19' });
    expect(res.statusCode).toBe(302);
    const part = await fetch(String(res.headers.location), { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), bytes.subarray(10, 20))).toBe(0);
    expect(part.headers.get('content-type')).toBe('image/png');
    expect(part.headers.get('content-disposition')).toBe(`inline; filename="pic.png"; filename*=UTF-8''pic.png`);
  });

  it('answers a stranger as without the option, with no URL', async () => {
    for (const url of [`/api/files/${fileId}/download`, `/api/files/${fileId}/download?inline=1`]) {
      const res = await get(server, stranger, url);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).not.toContain(endpoint);
      expect(res.json().code).toBe('not_found');
    }
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/files/${fileId}/download` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.location).toBeUndefined();
  });

  it('sends share-link downloads to the bucket until the link is revoked, then answers 410 without a URL', async () => {
    const created = await owner.post('/api/share', { id: fileId, type: 'file' });
    expect(created.status, created.body).toBe(201);
    const token = shareResource.parse(created.json()).data.attributes.token;
    const visitor = server.client();
    const url = `/api/sharing/download/${fileId}/${token}`;
    const res = await get(server, visitor, url);
    expect(res.statusCode).toBe(302);
    const direct = await fetch(String(res.headers.location));
    expect(Buffer.compare(Buffer.from(await direct.arrayBuffer()), bytes)).toBe(0);

    expect((await owner.post('/api/share/revoke', { tokens: [token] })).status).toBe(200);
    const revoked = await get(server, visitor, url);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.headers.location).toBeUndefined();
    expect(revoked.json().code).toBe('share.revoked');
  });

  it("keeps a script's fetch, HEAD and revalidation on the app: they need no CORS rule on the bucket", async () => {
    const fetched = await get(server, owner, `/api/files/${fileId}/download?inline=1`, {
      'sec-fetch-mode': 'cors',
      range: 'bytes=0-9',
    });
    expect(fetched.statusCode).toBe(206);
    expect(Buffer.compare(fetched.rawPayload, bytes.subarray(0, 10))).toBe(0);

    const head = await server.app.inject({
      method: 'HEAD',
      url: `/api/files/${fileId}/download`,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));

    const etag = String(fetched.headers.etag);
    const again = await get(server, owner, `/api/files/${fileId}/download`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('signs URLs that stop working once their time is up', async () => {
    const short = await startTestServer(s3Env({ S3_DIRECT_DOWNLOADS: 'true', S3_DIRECT_DOWNLOADS_EXPIRY: '1' }));
    try {
      await installWithAdmin(short);
      const user = await registerUser(short, 'short@example.com');
      const id = (await seedFile(short, await userIdOf(short, 'short@example.com'), { name: 'a.txt', content: 'abc' }))
        .id;
      seeded.push(`files/${id}`);
      const res = await get(short, user, `/api/files/${id}/download`);
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('private, max-age=0');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const late = await fetch(String(res.headers.location));
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('AccessDenied');
    } finally {
      await short.close();
    }
  });
});

describe.skipIf(!endpoint)('s3 downloads without the option', () => {
  it('streams the bytes through the app as before', async () => {
    await ensureBucket();
    const server = await startTestServer(s3Env());
    try {
      await installWithAdmin(server);
      const owner = await registerUser(server, 'owner@example.com');
      const id = (
        await seedFile(server, await userIdOf(server, 'owner@example.com'), { name: 'b.txt', content: 'xyz' })
      ).id;
      const res = await get(server, owner, `/api/files/${id}/download`, { 'sec-fetch-mode': 'navigate' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('xyz');
      await server.ctx.storage.delete(`files/${id}`);
    } finally {
      await server.close();
    }
  });
});
