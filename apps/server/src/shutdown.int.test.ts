import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess, until } from '../test/process.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };
const MiB = 1024 * 1024;
const CHUNK = 5 * MiB;
const GRACE_SECONDS = 2;
/** Generous on purpose: a busy CI machine must not make it flake; without a bound it was minutes. */
const EXIT_WITHIN_MS = 15_000;
const RESTARTS_TIMEOUT = 300_000;

/** A request whose body is sent by hand, so a test can stop sending in the middle of it. */
function openUpload(server: ServerProcess, client: HttpClient, fields: Record<string, string | number | boolean>) {
  const boundary = `----stop${randomBytes(8).toString('hex')}`;
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: '/api/upload/chunks',
    agent: false,
    headers: {
      ...client.authHeaders(),
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  const answer = new Promise<{ status: number; body: string } | 'connection lost'>((resolve) => {
    request.on('error', () => resolve('connection lost'));
    request.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve('connection lost'));
    });
  });
  const field = (name: string, value: string | number | boolean) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'boolean' ? (value ? '1' : '0') : value}\r\n`;
  request.write(
    Object.entries(fields)
      .map(([k, v]) => field(k, v))
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="blob"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    answer,
    write: (bytes: Buffer) => request.write(bytes),
    end: () => request.end(`\r\n--${boundary}--\r\n`),
    destroy: () => request.destroy(),
  };
}

/** What a fresh connection gets right now: an HTTP status, or refused. */
function freshConnection(port: number): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/ping', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('refused'));
  });
}

/** A WebSocket (Socket.IO's engine) that answers nothing once open, not even the server's close frame. */
async function stalledWebSocket(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(
    'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n' +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const [head] = (await once(socket, 'data')) as [Buffer];
  expect(head.toString()).toMatch(/^HTTP\/1\.1 101/);
  socket.pause();
  return socket;
}

/** The bytes written in place of the local driver's multipart uploads (one `data` file each). */
function multipartSizes(storage: string): number[] {
  const root = path.join(storage, '.multipart');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((id) => {
    const data = path.join(root, id, 'data');
    return existsSync(data) ? [statSync(data).size] : [];
  });
}

/** Whole-file uploads being written (the local driver's temp files, beside each process' owner.json). */
function tempFiles(storage: string): string[] {
  const root = path.join(storage, '.tmp');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) => readdirSync(path.join(root, dir)).filter((f) => f !== 'owner.json'));
}

/**
 * SIGTERM on the real server process while a chunk's body stalls half-way, a WebSocket answers
 * nothing and a zip download is not read: it stops taking requests at once, lets a request that
 * ends within the grace finish, closes the rest and exits 0; restarted, the cut upload goes on.
 */
describe('stopping the server process', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let client: HttpClient;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-stop-'));
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    });
    await server.start();
    client = new HttpClient(() => server.url);
    expect((await client.postJson('/api/login', ADMIN)).status).toBe(200);
  }, RESTARTS_TIMEOUT);

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.kill();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'exits within the grace despite stalled clients, finishes what ends in time, and the cut upload resumes after a restart',
    async () => {
      const storage = path.join(dataDir, 'storage');
      // A file large enough that its zip outgrows what the sockets buffer: the download stays running.
      const big = randomBytes(4 * CHUNK);
      const bigId = randomUUID();
      let bigFile = '';
      for (let offset = 0; offset < big.length; offset += CHUNK) {
        const sent = await client.postForm(
          '/api/upload/chunks',
          {
            name: 'big.bin',
            is_last_chunk: offset + CHUNK >= big.length,
            upload_id: bigId,
            offset,
            size: big.length,
            chunk_size: CHUNK,
          },
          big.subarray(offset, offset + CHUNK),
        );
        expect(sent.status).toBe(offset + CHUNK >= big.length ? 201 : 200);
        if (sent.status === 201) bigFile = sent.json().data.id as string;
      }

      // The upload the stop cuts: its first chunk acknowledged, the second stalled half-way.
      const content = randomBytes(2 * CHUNK + 1000);
      const uploadId = randomUUID();
      const fields = (offset: number) => ({
        name: 'resumed.bin',
        is_last_chunk: offset + CHUNK >= content.length,
        upload_id: uploadId,
        offset,
        size: content.length,
        chunk_size: CHUNK,
      });
      expect((await client.postForm('/api/upload/chunks', fields(0), content.subarray(0, CHUNK))).status).toBe(200);
      const before = multipartSizes(storage);
      const stalled = openUpload(server, client, fields(CHUNK));
      stalled.write(content.subarray(CHUNK, CHUNK + 2 * MiB));
      await until(() => multipartSizes(storage).some((size, i) => size > (before[i] ?? 0)));

      // A whole-file upload half sent: the rest comes during the grace.
      const small = randomBytes(2 * MiB);
      const tempBefore = new Set(tempFiles(storage));
      const finishing = openUpload(server, client, { name: 'finished.bin', is_last_chunk: true, size: small.length });
      finishing.write(small.subarray(0, MiB));
      await until(() => tempFiles(storage).some((f) => !tempBefore.has(f)));

      const websocket = await stalledWebSocket(server.port);
      sockets.push(websocket);
      const zip = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            {
              host: '127.0.0.1',
              port: server.port,
              path: `/api/zip?items=${encodeURIComponent(`${bigFile}|file`)}`,
              headers: client.authHeaders(),
              agent: false,
            },
            resolve,
          )
          .on('error', reject),
      );
      expect(zip.statusCode).toBe(200);
      zip.on('error', () => undefined);
      zip.pause(); // read nothing: the server's writes back up

      const signalledAt = Date.now();
      process.kill(server.pid as number, 'SIGTERM');
      // New connections are refused, or answered 503, as soon as the signal is handled.
      const refusedWith = await until(
        async () => {
          const answer = await freshConnection(server.port);
          return answer === 200 ? null : answer;
        },
        2_000,
        20,
      );
      expect([503, 'refused']).toContain(refusedWith);
      expect(Date.now() - signalledAt).toBeLessThan(2_000);

      // Within the grace, a running request still finishes normally.
      finishing.write(small.subarray(MiB));
      finishing.end();
      const finished = await finishing.answer;
      expect(finished).not.toBe('connection lost');
      expect((finished as { status: number }).status).toBe(201);

      const exit = await Promise.race([
        server.exited(),
        new Promise((resolve) => setTimeout(resolve, EXIT_WITHIN_MS, 'still running')),
      ]);
      expect(exit, server.output).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(EXIT_WITHIN_MS);
      expect(await stalled.answer).toBe('connection lost');
      expect(server.output).toContain('shutting down');

      // Started again on the same data folder (with a long grace, for the second signal below): the
      // acknowledged chunk is there, the upload goes on from the stored offset, and the file finished
      // during the grace is whole.
      await server.start({ SHUTDOWN_GRACE_SECONDS: '600' });
      const resumed = await client.postForm('/api/upload/chunks', fields(CHUNK), content.subarray(CHUNK, 2 * CHUNK));
      expect(resumed.status).toBe(200);
      expect(resumed.json().data.received).toBe(2 * CHUNK);
      const last = await client.postForm('/api/upload/chunks', fields(2 * CHUNK), content.subarray(2 * CHUNK));
      expect(last.status).toBe(201);
      const download = async (id: string) => {
        const res = await fetch(`${server.url}/api/files/${id}/download`, { headers: client.authHeaders() });
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      };
      expect((await download(last.json().data.id as string)).equals(content)).toBe(true);
      const finishedId = JSON.parse((finished as { body: string }).body).data.id as string;
      expect((await download(finishedId)).equals(small)).toBe(true);

      // A second signal during the grace ends it at once: still a clean stop, not a hang or a crash.
      const tempNow = new Set(tempFiles(storage));
      const another = openUpload(server, client, { name: 'cut.bin', is_last_chunk: true, size: 4 * MiB });
      another.write(randomBytes(MiB));
      await until(() => tempFiles(storage).some((f) => !tempNow.has(f)));
      const againAt = Date.now();
      const logged = server.output.length; // the output of every start, the first stop's lines included
      process.kill(server.pid as number, 'SIGTERM');
      // Signals sent together may arrive as one: the second goes once the first was handled.
      await until(() => server.output.slice(logged).includes('shutting down'), 5_000, 20);
      process.kill(server.pid as number, 'SIGTERM');
      const secondExit = await Promise.race([
        server.exited(),
        new Promise((resolve) => setTimeout(resolve, EXIT_WITHIN_MS, 'still running')),
      ]);
      expect(secondExit, server.output).toEqual({ code: 0, signal: null });
      expect(Date.now() - againAt).toBeLessThan(EXIT_WITHIN_MS);
      expect(await another.answer).toBe('connection lost');
      expect(server.output.slice(logged)).toContain('second signal');
    },
    RESTARTS_TIMEOUT,
  );
});
