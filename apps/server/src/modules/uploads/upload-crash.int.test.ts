import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess, until } from '../../../test/process.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };
const MiB = 1024 * 1024;
const CHUNK = 5 * MiB;
/** Each test starts the real server once or twice; the embedded database takes a while to open on a busy machine. */
const RESTARTS_TIMEOUT = 300_000;

/** Blobs in the local storage (its dot folders hold temp files, parts and content types). */
function blobsIn(storage: string): string[] {
  if (!existsSync(storage)) return [];
  return readdirSync(storage)
    .filter((shard) => !shard.startsWith('.'))
    .flatMap((shard) => readdirSync(path.join(storage, shard)));
}

const entriesOf = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/**
 * kill -9 at the worst moments of an upload, on the real server process, then a restart: whatever
 * the client is told must be true, and nothing may stay behind.
 */
describe('uploads across a crash of the server process', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let client: HttpClient;
  const storage = () => path.join(dataDir, 'storage');

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-crash-'));
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
    });
    await server.start();
    client = new HttpClient(() => server.url);
    expect((await client.postJson('/api/login', ADMIN)).status).toBe(200);
  }, RESTARTS_TIMEOUT);

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const restart = async (env: Record<string, string> = {}) => {
    await server.kill();
    await server.start(env);
  };

  const listedFiles = async () =>
    (await client.request('GET', '/api/browse/folders/all')).json().data as { data: { id: string; type: string } }[];

  it(
    'finishes a chunked upload whose process died after joining its parts, when the last chunk comes again',
    async () => {
      // The next start dies (SIGKILL) right after the parts became the blob, before the file row.
      await restart({ FILESTORE_TEST_CRASH_AT: 'upload-complete' });
      const content = randomBytes(CHUNK + 1000);
      const uploadId = randomUUID();
      const fields = (offset: number) => ({
        name: 'crash.bin',
        is_last_chunk: offset + CHUNK >= content.length,
        upload_id: uploadId,
        offset,
        size: content.length,
        chunk_size: CHUNK,
      });
      const first = await client.postForm('/api/upload/chunks', fields(0), content.subarray(0, CHUNK));
      expect(first.status).toBe(200);
      const last = await client
        .postForm('/api/upload/chunks', fields(CHUNK), content.subarray(CHUNK))
        .then((r) => r.status)
        .catch(() => 'connection lost');
      expect(last).toBe('connection lost');
      expect((await server.exited()).signal).toBe('SIGKILL');
      // The state the crash left: the blob is complete, no file names it.
      expect(blobsIn(storage())).toHaveLength(1);

      await server.start();
      expect((await listedFiles()).filter((r) => r.data.type === 'file')).toHaveLength(0);
      const retried = await client.postForm('/api/upload/chunks', fields(CHUNK), content.subarray(CHUNK));
      expect(retried.status).toBe(201);
      const file = retried.json().data;
      expect(file).toMatchObject({ type: 'file', attributes: { name: 'crash.bin', size: content.length } });
      // Sent once more (its answer lost again): the same file, not a second one.
      const again = await client.postForm('/api/upload/chunks', fields(CHUNK), content.subarray(CHUNK));
      expect(again.status).toBe(201);
      expect(again.json().data.id).toBe(file.id);

      const download = await fetch(`${server.url}/api/files/${file.id}/download`, { headers: client.authHeaders() });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
      expect((await listedFiles()).filter((r) => r.data.type === 'file').map((r) => r.data.id)).toEqual([file.id]);
      expect(blobsIn(storage())).toHaveLength(1);
      expect(entriesOf(path.join(storage(), '.multipart'))).toHaveLength(0);
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'removes the joined blob when the client gives up on an upload the crash left unfinished',
    async () => {
      await restart({ FILESTORE_TEST_CRASH_AT: 'upload-complete' });
      const before = blobsIn(storage()).length;
      const content = randomBytes(CHUNK + 10);
      const uploadId = randomUUID();
      const fields = (offset: number) => ({
        name: 'abandoned.bin',
        is_last_chunk: offset > 0,
        upload_id: uploadId,
        offset,
        size: content.length,
        chunk_size: CHUNK,
      });
      expect((await client.postForm('/api/upload/chunks', fields(0), content.subarray(0, CHUNK))).status).toBe(200);
      await client.postForm('/api/upload/chunks', fields(CHUNK), content.subarray(CHUNK)).catch(() => undefined);
      expect((await server.exited()).signal).toBe('SIGKILL');
      expect(blobsIn(storage())).toHaveLength(before + 1);

      await server.start();
      // What the web client does after its retries failed: it drops the session.
      expect((await client.request('DELETE', `/api/upload/chunks/${uploadId}`)).status).toBe(204);
      expect(blobsIn(storage())).toHaveLength(before);
      const retried = await client.postForm('/api/upload/chunks', fields(CHUNK), content.subarray(CHUNK));
      expect(retried.status).toBe(404);
    },
    RESTARTS_TIMEOUT,
  );

  /** Small whole files sent at once: they share a transaction (the group commit, ADR 0020). */
  const sendTogether = (prefix: string, count: number) => {
    const files = Array.from({ length: count }, (_, i) => ({
      name: `${prefix}-${i}.bin`,
      content: randomBytes(4096 + i * 1000),
    }));
    const answers = Promise.all(
      files.map((f) =>
        client
          .postForm('/api/upload/chunks', { name: f.name, is_last_chunk: true, size: f.content.length }, f.content)
          .then((r) => ({ status: r.status, id: r.status === 201 ? (r.json().data.id as string) : null }))
          .catch(() => ({ status: 'connection lost' as const, id: null })),
      ),
    );
    return { files, answers };
  };

  const download = async (id: string) => {
    const res = await fetch(`${server.url}/api/files/${id}/download`, { headers: client.authHeaders() });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  const liveFiles = async () =>
    (await client.request('GET', '/api/browse/folders/all')).json().data as {
      data: { id: string; type: string; attributes: { name: string; size: number } };
    }[];

  it(
    'makes none of the files of a group commit the process died in before it committed, and answers none',
    async () => {
      await restart({ FILESTORE_TEST_CRASH_AT: 'batch-before-commit' });
      const before = (await liveFiles()).length;
      const { answers } = sendTogether('uncommitted', 6);
      expect((await answers).map((a) => a.status)).toEqual(Array(6).fill('connection lost'));
      expect((await server.exited()).signal).toBe('SIGKILL');

      await server.start();
      const names = (await liveFiles()).map((r) => r.data.attributes.name);
      expect(names.filter((n) => n.startsWith('uncommitted-'))).toEqual([]);
      expect(names).toHaveLength(before);
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'keeps whole the files of a group commit that committed before the process died, and every upload answered 201',
    async () => {
      await restart({ FILESTORE_TEST_CRASH_AT: 'batch-committed' });
      const cut = sendTogether('committed', 6);
      expect((await cut.answers).every((a) => a.status === 'connection lost')).toBe(true);
      expect((await server.exited()).signal).toBe('SIGKILL');

      await server.start();
      // The first transaction committed before the kill: its files exist, each with all its bytes.
      const made = (await liveFiles()).filter((r) => r.data.attributes.name.startsWith('committed-'));
      expect(made.length).toBeGreaterThan(0);
      for (const row of made) {
        const sent = cut.files.find((f) => f.name === row.data.attributes.name);
        expect(row.data.attributes.size).toBe(sent?.content.length);
        const got = await download(row.data.id);
        expect(got.status).toBe(200);
        expect(got.bytes.equals(sent?.content ?? Buffer.alloc(0))).toBe(true);
      }

      // Answered 201, then killed at once: every acknowledged file is there after the restart.
      const acked = sendTogether('acknowledged', 8);
      const answered = await acked.answers;
      expect(answered.map((a) => a.status)).toEqual(Array(8).fill(201));
      await server.kill();
      expect((await server.exited()).signal).toBe('SIGKILL');
      await server.start();
      const after = new Map((await liveFiles()).map((r) => [r.data.id, r.data.attributes.name]));
      for (const [i, a] of answered.entries()) {
        expect(after.get(a.id as string)).toBe(acked.files[i]?.name);
        const got = await download(a.id as string);
        expect(got.bytes.equals(acked.files[i]?.content ?? Buffer.alloc(0))).toBe(true);
      }
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'removes the temp file of a whole-file upload the crash cut off, at the next start',
    async () => {
      await restart();
      const temp = path.join(storage(), '.tmp');
      const boundary = `----crash${randomBytes(8).toString('hex')}`;
      const request = http.request({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/upload/chunks',
        headers: { ...client.authHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      request.on('error', () => undefined);
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      request.write(
        field('name', 'cut.bin') +
          field('is_last_chunk', '1') +
          field('size', String(64 * MiB)) +
          `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="blob"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      request.write(randomBytes(MiB));
      // The bytes are on their way to a temp file when the process dies.
      const written = await until(() =>
        entriesOf(temp).some((dir) => entriesOf(path.join(temp, dir)).some((f) => f !== 'owner.json')),
      );
      expect(written).toBe(true);
      await server.kill();
      request.destroy();
      const left = entriesOf(temp);
      expect(left.length).toBeGreaterThan(0);

      await server.start();
      await until(() => entriesOf(temp).every((dir) => !left.includes(dir)));
      expect(server.output).toContain('temp files of crashed uploads removed');
    },
    RESTARTS_TIMEOUT,
  );
});
