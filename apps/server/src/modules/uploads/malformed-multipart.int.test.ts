import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileRequestResource, shareResource } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';

const BOUNDARY = '----filestoreBoundary7MA4YWxkTrZu0gW';

/** Text fields as a browser sends them, then the start of the `chunk` part. */
const head = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="chunk"; filename="a.txt"\r\n` +
  `Content-Type: text/plain\r\n\r\n`;

const FIELDS = { name: 'broken.txt', is_last_chunk: '1' };

/** Bodies a broken client or a cut connection (through a proxy that completes the request) sends. */
const MALFORMED: { what: string; contentType: string; body: string }[] = [
  { what: 'no boundary', contentType: 'multipart/form-data', body: `${head(FIELDS)}hello\r\n--${BOUNDARY}--\r\n` },
  {
    what: 'an empty boundary',
    contentType: 'multipart/form-data; boundary=',
    body: `${head(FIELDS)}hello\r\n--${BOUNDARY}--\r\n`,
  },
  { what: 'cut inside the file', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `${head(FIELDS)}hel` },
  {
    what: 'cut inside a part header',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-da`,
  },
  {
    what: 'cut inside a text field',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nbrok`,
  },
  {
    what: 'a boundary that never comes',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: 'just some bytes, no parts at all',
  },
];

/** One POST over a real socket, with a Content-Length that matches the (malformed) body. */
function post(port: number, path: string, contentType: string, body: string, cookies: string, xsrf: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
          cookie: cookies,
          'x-xsrf-token': xsrf,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('malformed multipart bodies on every upload endpoint', () => {
  let server: TestServer;
  let owner: TestClient;
  let port: number;
  const endpoints: string[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    const ownerId = await userIdOf(server, 'admin@example.com');
    const shared = await seedFolder(server, ownerId, { name: 'Shared' });
    const link = await owner.post('/api/share', { id: shared.id, type: 'folder', permission: 'editor' });
    const shareToken = shareResource.parse(link.json()).data.attributes.token;
    const request = await owner.post('/api/file-request', {});
    const requestToken = fileRequestResource.parse(request.json()).data.attributes.token;
    endpoints.push(
      '/api/upload/chunks',
      `/api/sharing/upload/chunks/${shareToken}`,
      `/api/file-request/${requestToken}/upload/chunks`,
    );
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it('answers 400 upload.malformed_body, stores nothing, and keeps serving', async () => {
    const cookies = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = owner.cookies.get('XSRF-TOKEN') ?? '';
    const before = (await owner.get('/api/user/storage')).json().data.attributes.used as number;
    for (const endpoint of endpoints) {
      for (const { what, contentType, body } of MALFORMED) {
        const res = await post(port, endpoint, contentType, body, cookies, xsrf);
        expect(res.status, `${endpoint}, ${what}: ${res.body}`).toBe(400);
        expect(JSON.parse(res.body)).toMatchObject({ type: 'error', code: 'upload.malformed_body' });
      }
    }
    expect((await owner.get('/api/user/storage')).json().data.attributes.used).toBe(before);
    // A well-formed upload on the same server still works.
    const ok = await post(
      port,
      '/api/upload/chunks',
      `multipart/form-data; boundary=${BOUNDARY}`,
      `${head({ name: 'fine.txt', is_last_chunk: '1' })}hello\r\n--${BOUNDARY}--\r\n`,
      cookies,
      xsrf,
    );
    expect(ok.status, ok.body).toBe(201);
  });
});
