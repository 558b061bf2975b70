import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteObjectsCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailKeys } from '../src/modules/thumbnails/index.js';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess, until } from './process.js';

/** A socket event, looked for every 50 ms. */
const heard = <T>(check: () => T | undefined, ms = 20_000) => until(check, ms, 50);

/**
 * Two real server processes behind no load balancer at all: the test itself sends each request to
 * the node it chooses, as a round-robin balancer without sticky sessions would. Both share one
 * PostgreSQL database, one Redis and one S3 bucket (Ceph RGW), and nothing else: each has its own
 * DATA_DIR. What one node did must hold on the other (docs/multi-node.md).
 *
 * The local storage driver is deliberately not run here: a local disk is not shared between
 * machines, and a shared network disk is not a setup this product supports for several nodes.
 */
const MiB = 1024 * 1024;
const CHUNK = 5 * MiB;
const ADMIN = { email: 'nodes-admin@example.com', password: 'nodes-password-1' };
const TIMEOUT = 300_000;

/** Why the test cannot run here, or null: it needs every shared service for real. */
function skipReason(): string | null {
  if (process.env.FILESTORE_TEST_DATABASE === 'pglite') return 'it runs in the postgres project only';
  const missing = [
    !process.env.TEST_DATABASE_URL && 'PostgreSQL (TEST_DATABASE_URL)',
    !process.env.TEST_REDIS_URL && 'Redis (TEST_REDIS_URL)',
    !process.env.TEST_S3_ENDPOINT &&
      `Ceph RGW (TEST_S3_ENDPOINT${process.env.TEST_S3_SKIPPED_REASON ? `: ${process.env.TEST_S3_SKIPPED_REASON}` : ''})`,
  ].filter(Boolean);
  return missing.length ? `not reachable: ${missing.join(', ')}` : null;
}
const skipped = skipReason();
if (skipped && process.env.FILESTORE_TEST_DATABASE !== 'pglite') {
  console.warn(`*** two-node test SKIPPED: ${skipped} ***`);
}

const s3 = {
  endpoint: process.env.TEST_S3_ENDPOINT ?? '',
  bucket: process.env.TEST_S3_BUCKET ?? 'filestore-test',
  accessKeyId: process.env.TEST_S3_ACCESS_KEY ?? '',
  secretAccessKey: process.env.TEST_S3_SECRET_KEY ?? '',
};

const s3Client = () =>
  new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });

/** The test bucket is shared with other suites: the blobs this one made go when it ends. */
async function removeBlobs(keys: string[]) {
  if (keys.length === 0) return;
  const client = s3Client();
  try {
    await client.send(
      new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
    );
  } finally {
    client.destroy();
  }
}

async function ensureBucket() {
  const client = s3Client();
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket })).catch(async () => {
      await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    });
  } finally {
    client.destroy();
  }
}

/** One browser: one cookie jar, whichever node answers (the test passes absolute URLs). */
const browser = () => new HttpClient(() => '');

interface Upload {
  id: string;
  name: string;
  content: Buffer;
}

const newUpload = (name: string, size: number): Upload => ({ id: randomUUID(), name, content: randomBytes(size) });

/**
 * A socket as the web app opens it, on its first transport: the session cookie, a WebSocket, which
 * needs no sticky sessions (docs/multi-node.md); every event it receives is recorded.
 */
function openSocket(node: ServerProcess, client: HttpClient) {
  const socket = io(node.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: client.authHeaders().cookie ?? '' },
  });
  const received: { name: string; id: string; payload: unknown }[] = [];
  socket.onAny((name: string, envelope: { id: string; payload: unknown }) => received.push({ name, ...envelope }));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received, connected };
}

const chunkFields = (upload: Upload, offset: number) => ({
  name: upload.name,
  is_last_chunk: offset + CHUNK >= upload.content.length,
  upload_id: upload.id,
  offset,
  size: upload.content.length,
  chunk_size: CHUNK,
});

describe.skipIf(skipped)(
  `two server nodes on one PostgreSQL, Redis and S3 bucket${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
    const dataDirs: string[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let user: HttpClient;
    /** Files made, by id: their blobs are removed from the shared bucket at the end. */
    const made: string[] = [];

    const node = async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-node-'));
      dataDirs.push(dataDir);
      return new ServerProcess(await freePort(), {
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        // Both nodes finish the unattended setup at once: exactly one may make the admin, neither may fail.
        // The remote-upload case fetches from this test's own server on 127.0.0.1.
        REMOTE_UPLOAD_ALLOW_PRIVATE: 'true',
        SETUP_ADMIN_EMAIL: ADMIN.email,
        SETUP_ADMIN_PASSWORD: ADMIN.password,
      });
    };

    beforeAll(async () => {
      await ensureBucket();
      database = await freshPostgresDatabase();
      a = await node();
      b = await node();
      // Started together on an empty database: migrations and the first admin race.
      await Promise.all([a.start(), b.start()]);
      user = browser();
      await user.request('GET', `${a.url}/api/ping`);
      const login = await user.postJson(`${a.url}/api/login`, ADMIN);
      expect(login.status, login.text).toBe(200);
    }, TIMEOUT);

    afterAll(async () => {
      await removeBlobs(made.flatMap((id) => [`files/${id}`, ...thumbnailKeys(id)])).catch(() => undefined);
      await a?.kill();
      await b?.kill();
      await database?.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    const download = async (from: ServerProcess, client: HttpClient, fileId: string) => {
      const res = await fetch(`${from.url}/api/files/${fileId}/download`, { headers: client.authHeaders() });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };

    it(
      'assembles the chunks of one upload sent alternately to A and B, and either node serves the exact bytes',
      async () => {
        const upload = newUpload('alternating.bin', 3 * CHUNK + 12_345);
        let last: Awaited<ReturnType<HttpClient['postForm']>> | null = null;
        for (let offset = 0, i = 0; offset < upload.content.length; offset += CHUNK, i++) {
          const to = i % 2 === 0 ? a : b;
          last = await user.postForm(
            `${to.url}/api/upload/chunks`,
            chunkFields(upload, offset),
            upload.content.subarray(offset, offset + CHUNK),
          );
          expect(last.status, last.text).toBe(offset + CHUNK >= upload.content.length ? 201 : 200);
        }
        const file = last?.json().data;
        made.push(file.id);
        expect(file).toMatchObject({ type: 'file', attributes: { name: upload.name, size: upload.content.length } });
        for (const from of [a, b]) {
          const got = await download(from, user, file.id);
          expect(got.status).toBe(200);
          expect(got.bytes.equals(upload.content)).toBe(true);
        }
      },
      TIMEOUT,
    );

    it(
      'continues on B, from the offset B reports, an upload whose node A was killed (SIGKILL) in the middle of a chunk',
      async () => {
        const upload = newUpload('survivor.bin', 3 * CHUNK + 777);
        const send = (to: ServerProcess, offset: number) =>
          user.postForm(
            `${to.url}/api/upload/chunks`,
            chunkFields(upload, offset),
            upload.content.subarray(offset, offset + CHUNK),
          );
        expect((await send(a, 0)).status).toBe(200);
        expect((await send(b, CHUNK)).status).toBe(200);

        // The third chunk goes to A and A dies while half of it has arrived.
        const boundary = `----nodes${randomBytes(8).toString('hex')}`;
        const field = (name: string, value: string | number | boolean) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'boolean' ? (value ? '1' : '0') : value}\r\n`;
        const request = http.request({
          host: '127.0.0.1',
          port: a.port,
          method: 'POST',
          path: '/api/upload/chunks',
          headers: { ...user.authHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        const cut = new Promise<string>((resolve) => {
          request.on('error', () => resolve('connection lost'));
          request.on('response', (res) => resolve(`answered ${res.statusCode}`));
        });
        request.write(
          Object.entries(chunkFields(upload, 2 * CHUNK))
            .map(([k, v]) => field(k, v))
            .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="blob"\r\n\r\n`,
        );
        request.write(upload.content.subarray(2 * CHUNK, 2 * CHUNK + CHUNK / 2));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await a.kill('SIGKILL');
        expect(await cut).toBe('connection lost');

        // The client asks B where the upload stands: the chunk A was cut off in never counted.
        const running = await user.request('GET', `${b.url}/api/user/storage/uploads`);
        expect(running.status).toBe(200);
        const session = (running.json().data as { id: string; received: number }[]).find((u) => u.id === upload.id);
        expect(session?.received).toBe(2 * CHUNK);
        // A client that guessed ahead is told the same offset by B.
        const ahead = await send(b, 3 * CHUNK);
        expect(ahead.status).toBe(409);
        expect(ahead.json()).toMatchObject({ code: 'upload.offset_mismatch', details: { expected_offset: 2 * CHUNK } });

        expect((await send(b, 2 * CHUNK)).status).toBe(200);
        const done = await send(b, 3 * CHUNK);
        expect(done.status, done.text).toBe(201);
        const fileId = done.json().data.id as string;
        made.push(fileId);
        const got = await download(b, user, fileId);
        expect(got.status).toBe(200);
        expect(got.bytes.equals(upload.content)).toBe(true);

        // A, started again, serves the same bytes.
        await a.start();
        const fromA = await download(a, user, fileId);
        expect(fromA.bytes.equals(upload.content)).toBe(true);
      },
      TIMEOUT,
    );

    it(
      'serves from B the thumbnails that a node made in the background for a picture uploaded through A',
      async () => {
        const picture = await sharp({
          create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 20 } },
        })
          .png()
          .toBuffer();
        const res = await user.postForm(
          `${a.url}/api/upload/chunks`,
          { name: 'picture.png', is_last_chunk: true, size: picture.length },
          picture,
        );
        expect(res.status, res.text).toBe(201);
        const id = res.json().data.id as string;
        made.push(id);
        // Whichever node's job claimed it, the thumbnail is in the bucket and B serves it.
        let thumbnail: Response | undefined;
        for (const started = Date.now(); Date.now() - started < 60_000;) {
          thumbnail = await fetch(`${b.url}/api/files/${id}/thumbnail/sm`, { headers: user.authHeaders() });
          if (thumbnail.status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(thumbnail?.status).toBe(200);
        expect(thumbnail?.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await (thumbnail as Response).arrayBuffer())).metadata();
        expect(meta.format).toBe('webp');
      },
      TIMEOUT,
    );

    it(
      'delivers items.changed for an upload through A to sockets open on B and on A, once each (WebSocket transport, no sticky sessions)',
      async () => {
        // One node at a time sends the outbox's events; a socket on the other gets them through
        // Redis. With a socket on each node, one of them is always on the node that did not send.
        const sockets = [b, a].map((node) => openSocket(node, user));
        try {
          await Promise.all(sockets.map((s) => s.connected));
          const content = randomBytes(10_000);
          const res = await user.postForm(
            `${a.url}/api/upload/chunks`,
            { name: 'live.bin', is_last_chunk: true, size: content.length },
            content,
          );
          expect(res.status, res.text).toBe(201);
          made.push(res.json().data.id as string);
          for (const s of sockets) {
            const event = await heard(() => s.received.find((e) => e.name === 'items.changed'));
            expect(event.payload).toEqual({ folders: [null] });
          }
          // Nothing comes twice to one connection.
          await new Promise((resolve) => setTimeout(resolve, 2_500));
          for (const s of sockets) expect(s.received.filter((e) => e.name === 'items.changed')).toHaveLength(1);
        } finally {
          for (const s of sockets) s.socket.disconnect();
        }
      },
      TIMEOUT,
    );

    it(
      "delivers to the owner's socket on B the progress, end and notification of a remote upload asked of A",
      async () => {
        const files = new Map([
          ['/one.bin', randomBytes(200_000)],
          ['/two.bin', randomBytes(300_000)],
        ]);
        const origin = http.createServer((req, res) => {
          const body = files.get(req.url ?? '');
          if (!body) return void res.writeHead(404).end();
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
          res.end(body);
        });
        origin.listen(0, '127.0.0.1');
        await once(origin, 'listening');
        const { port } = origin.address() as AddressInfo;
        const socket = openSocket(b, user);
        try {
          await socket.connected;
          const asked = await user.postJson(`${a.url}/api/upload/remote`, {
            urls: [...files.keys()].map((p) => `http://127.0.0.1:${port}${p}`),
          });
          expect(asked.status, asked.text).toBe(201);
          // Whichever node's job fetches them, the events reach the socket on B.
          const done = await heard(() => socket.received.find((e) => e.name === 'remote-upload.done'), 60_000);
          expect(done.payload).toMatchObject({ total: 2, processed: 2, failed: 0, failures: [] });
          const note = await heard(() => socket.received.find((e) => e.name === 'notification'));
          expect(note.payload).toMatchObject({
            data: { attributes: { category: 'remote-upload-done', title: 'Upload from links finished' } },
          });
          const stored = socket.received
            .filter((e) => e.name === 'remote-upload.progress')
            .flatMap((e) => {
              const file = (e.payload as { file: { id: string; name: string } | null }).file;
              return file ? [file] : [];
            });
          expect(stored.map((f) => f.name).sort()).toEqual(['one.bin', 'two.bin']);
          for (const file of stored) {
            made.push(file.id);
            const got = await download(b, user, file.id);
            expect(got.bytes.equals(files.get(`/${file.name}`) ?? Buffer.alloc(0))).toBe(true);
          }
        } finally {
          socket.socket.disconnect();
          origin.close();
        }
      },
      TIMEOUT,
    );

    it(
      "delivers to the owner's socket on B the notification of a guest's first upload through A into their upload request",
      async () => {
        const socket = openSocket(b, user);
        try {
          await socket.connected;
          const made = await user.postJson(`${a.url}/api/file-request`, { name: 'Receipts' });
          expect(made.status, made.text).toBe(201);
          const token = made.json().data.attributes.token as string;
          const guest = browser();
          await guest.request('GET', `${a.url}/api/ping`);
          const content = Buffer.from('a receipt');
          const sent = await guest.postForm(
            `${a.url}/api/file-request/${token}/upload/chunks`,
            { name: 'receipt.txt', is_last_chunk: true, size: content.length },
            content,
          );
          expect(sent.status, sent.text).toBe(201);
          const event = await heard(() => socket.received.find((e) => e.name === 'notification'));
          expect(event.payload).toMatchObject({
            data: {
              type: 'notification',
              attributes: { category: 'file-request', title: 'Files are arriving in “Receipts”', read_at: null },
            },
          });
          // The folder the guest filled changed too, for the owner's open Files screen.
          await heard(() => socket.received.find((e) => e.name === 'items.changed'));
        } finally {
          socket.socket.disconnect();
        }
      },
      TIMEOUT,
    );
  },
);
