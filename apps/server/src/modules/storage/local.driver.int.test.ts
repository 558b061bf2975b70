import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readlink, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLocalDriver } from './local.driver.js';
import { describeStorageDriver, throughSocket } from './storage.behaviour.js';
import { MIN_PART_SIZE } from './storage.port.js';

const root = await mkdtemp(path.join(tmpdir(), 'filestore-storage-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describeStorageDriver('local', async () => createLocalDriver(root));

it('leaves no temporary or multipart files behind', async () => {
  const driver = createLocalDriver(root);
  const id = await driver.createMultipart('files/leftovers');
  await driver.uploadPart('files/leftovers', id, 1, Buffer.from('x'), 1);
  await driver.abortMultipart('files/leftovers', id);
  // Temp files live in a folder per process (local.temp.ts), which says whose it is.
  const temp = await readdir(path.join(root, '.tmp'), { recursive: true, withFileTypes: true });
  expect(temp.filter((entry) => entry.isFile() && entry.name !== 'owner.json')).toEqual([]);
  expect(await readdir(path.join(root, '.multipart'))).toEqual([]);
});

describe('local whole-blob writes', () => {
  const blobFolders = async (dir: string) => (await readdir(dir)).filter((name) => !name.startsWith('.'));

  it('writes again after its temp folder and the folders blobs go into were removed by hand', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'filestore-put-'));
    try {
      const driver = createLocalDriver(own);
      await driver.put('files/first', Buffer.from('one'), { contentType: 'text/plain' });
      // Everything the driver made so far and remembers having made, gone while it runs.
      for (const name of await readdir(own)) await rm(path.join(own, name), { recursive: true });
      await driver.put('files/first', Buffer.from('two'), { contentType: 'text/csv' });
      const stored = await driver.get('files/first');
      expect(Buffer.concat(await stored.body.toArray()).toString()).toBe('two');
      expect(await driver.head('files/first')).toEqual({ size: 3, contentType: 'text/csv' });
      expect(await blobFolders(own)).toHaveLength(1);
      await driver.close();
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('leaves neither the bytes nor their type behind when a write fails', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'filestore-put-'));
    try {
      const driver = createLocalDriver(own);
      async function* cut() {
        yield randomBytes(1000);
        throw new Error('client went away');
      }
      await expect(driver.put('files/failed', cut(), { contentType: 'text/plain' })).rejects.toThrow(
        'client went away',
      );
      await expect(driver.put('files/short', Buffer.from('abc'), { size: 4 })).rejects.toThrow();
      const temp = await readdir(path.join(own, '.tmp'), { recursive: true, withFileTypes: true });
      expect(temp.filter((entry) => entry.isFile() && entry.name !== 'owner.json')).toEqual([]);
      expect(await driver.head('files/failed')).toBeNull();
      expect(await driver.head('files/short')).toBeNull();
      await driver.close();
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});

describe('local multipart uploads written in place', () => {
  const MiB = 1024 * 1024;
  const driver = createLocalDriver(root);
  const partA = randomBytes(MIN_PART_SIZE);
  const partB = randomBytes(MIN_PART_SIZE);
  const tail = randomBytes(1000);
  const bytesOf = async (key: string) => Buffer.concat(await (await driver.get(key)).body.toArray());

  it('joins parts sent in order without copying them: the blob is the file they were written into', async () => {
    const id = await driver.createMultipart('files/in-order');
    const dataInode = (await stat(path.join(root, '.multipart', id, 'data'))).ino;
    const parts = [];
    for (const [i, bytes] of [partA, partB, tail].entries()) {
      parts.push({ partNumber: i + 1, ...(await driver.uploadPart('files/in-order', id, i + 1, bytes, bytes.length)) });
    }
    await driver.completeMultipart('files/in-order', id, parts);
    expect((await bytesOf('files/in-order')).equals(Buffer.concat([partA, partB, tail]))).toBe(true);
    const blob = await readdir(root, { recursive: true });
    const stored = blob.find((name) => name.endsWith('files~in-order') && !name.startsWith('.meta'));
    expect((await stat(path.join(root, stored ?? 'missing'))).ino).toBe(dataInode);
  });

  it('keeps the write the caller recorded when the same part is written twice, at once or later', async () => {
    const id = await driver.createMultipart('files/twice');
    const first = await driver.uploadPart('files/twice', id, 1, partA, partA.length);
    // The same part again, with other bytes: the first write's region is never overwritten.
    const other = randomBytes(MIN_PART_SIZE);
    const again = await driver.uploadPart('files/twice', id, 1, other, other.length);
    const [x, y] = await Promise.all([
      driver.uploadPart('files/twice', id, 2, partB, partB.length),
      driver.uploadPart('files/twice', id, 2, partB, partB.length),
    ]);
    expect(new Set([first.etag, again.etag, x?.etag, y?.etag]).size).toBe(4);
    const last = await driver.uploadPart('files/twice', id, 3, tail, tail.length);
    await driver.completeMultipart('files/twice', id, [
      { partNumber: 1, ...again },
      { partNumber: 2, ...(y ?? x) },
      { partNumber: 3, ...last },
    ]);
    expect((await bytesOf('files/twice')).equals(Buffer.concat([other, partB, tail]))).toBe(true);

    const id2 = await driver.createMultipart('files/twice-first');
    const kept = await driver.uploadPart('files/twice-first', id2, 1, partA, partA.length);
    await driver.uploadPart('files/twice-first', id2, 1, other, other.length);
    const end = await driver.uploadPart('files/twice-first', id2, 2, tail, tail.length);
    await driver.completeMultipart('files/twice-first', id2, [
      { partNumber: 1, ...kept },
      { partNumber: 2, ...end },
    ]);
    expect((await bytesOf('files/twice-first')).equals(Buffer.concat([partA, tail]))).toBe(true);
  });

  it('stops a part that brings more bytes than announced before it reaches the next part', async () => {
    const id = await driver.createMultipart('files/long');
    await expect(
      driver.uploadPart('files/long', id, 1, Buffer.concat([partA, Buffer.alloc(MiB)]), partA.length),
    ).rejects.toMatchObject({ status: 422 });
    await expect(driver.uploadPart('files/long', id, 1, partA.subarray(1), partA.length)).rejects.toMatchObject({
      status: 422,
    });
    const one = await driver.uploadPart('files/long', id, 1, partA, partA.length);
    const two = await driver.uploadPart('files/long', id, 2, tail, tail.length);
    await driver.completeMultipart('files/long', id, [
      { partNumber: 1, ...one },
      { partNumber: 2, ...two },
    ]);
    expect((await bytesOf('files/long')).equals(Buffer.concat([partA, tail]))).toBe(true);
  });

  it('refuses ETags it did not give', async () => {
    const id = await driver.createMultipart('files/etags');
    await driver.uploadPart('files/etags', id, 1, tail, tail.length);
    for (const etag of ['../../upload.json', 'd41d8cd98f00b204e9800998ecf8427e', '']) {
      await expect(driver.completeMultipart('files/etags', id, [{ partNumber: 1, etag }]), etag).rejects.toMatchObject({
        status: 422,
      });
    }
    await driver.abortMultipart('files/etags', id);
  });
});

describe('local reads piped into sockets (reused buffers)', () => {
  const MiB = 1024 * 1024;
  const driver = createLocalDriver(root);
  const blob = randomBytes(16 * MiB + 5);

  /** Open descriptors of this process on the local blob of `key`. */
  const openHandles = async (key: string) => {
    let count = 0;
    for (const fd of await readdir('/proc/self/fd')) {
      const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
      if (target.endsWith(key.replaceAll('/', '~'))) count++;
    }
    return count;
  };

  it('closes the file when the connection drops midway', async () => {
    await driver.put('files/piped', blob);
    const { body } = await driver.get('files/piped');
    expect(await openHandles('files/piped')).toBe(1);
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const accepted = once(server, 'connection') as Promise<[Socket]>;
    // A client that reads nothing: the socket's buffers fill and most of the file stays unread.
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1').pause();
    const [socket] = await accepted;
    socket.on('error', () => {});
    body.pipe(socket);
    await vi.waitFor(() => expect(socket.writableLength).toBeGreaterThan(0));
    socket.destroy();
    await vi.waitFor(async () => expect(await openHandles('files/piped')).toBe(0));
    expect(body.destroyed).toBe(true);
    expect(body.readableEnded).toBe(false);
    client.destroy();
    server.close();
  });

  it('gives a consumer that keeps chunks (a Transform) buffers of its own', async () => {
    await driver.put('files/kept', blob);
    const kept: Buffer[] = [];
    const keeper = new PassThrough();
    keeper.on('data', (chunk: Buffer) => kept.push(chunk));
    const ended = new Promise((resolve) => keeper.on('end', resolve));
    // Two at once, so a buffer reused by the other stream would show up as wrong bytes here.
    (await driver.get('files/kept')).body.pipe(keeper);
    const other = throughSocket((await driver.get('files/kept', { start: MiB })).body);
    await ended;
    expect(Buffer.concat(kept).equals(blob)).toBe(true);
    expect((await other).equals(blob.subarray(MiB))).toBe(true);
  });

  it('ends into a socket it must not end, and the caller can write after it', async () => {
    await driver.put('files/no-end', Buffer.from('abc'));
    const { body } = await driver.get('files/no-end');
    const server = createServer();
    // pipeline(body, socket) pipes with { end: false } and ends the socket itself; do the same.
    const got = await new Promise<string>((resolve, reject) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const reader = connect(port, '127.0.0.1');
        let text = '';
        reader.on('data', (c: Buffer) => (text += c.toString()));
        reader.on('end', () => resolve(text));
        reader.on('error', reject);
      });
      server.on('connection', (socket) => {
        body.pipe(socket, { end: false });
        body.on('end', () => socket.end('!'));
      });
    });
    server.close();
    expect(got).toBe('abc!');
  });
});
