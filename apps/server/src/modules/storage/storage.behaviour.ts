import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PART_SIZE, type StorageDriver } from './storage.port.js';

const MiB = 1024 * 1024;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Pipes `body` into a real TCP socket, as a download leaves, and returns what the other end read.
 * The reader pauses after every chunk, so the sender meets backpressure and its writes queue up.
 */
export async function throughSocket(body: Readable): Promise<Buffer> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const accepted = once(server, 'connection') as Promise<[net.Socket]>;
    const reader = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      reader.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        reader.pause();
        setImmediate(() => reader.resume());
      });
      reader.on('end', () => resolve(Buffer.concat(chunks)));
      reader.on('close', () => resolve(Buffer.concat(chunks)));
      reader.on('error', reject);
    });
    const [socket] = await accepted;
    socket.on('error', () => {}); // a failure shows as bytes missing at the reader
    body.pipe(socket);
    return await done;
  } finally {
    server.close();
  }
}

/** Emits `data` in uneven chunks, like bytes arriving from a socket. */
function trickle(data: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, step = 1; at < data.length; at += step, step = (step * 7 + 3) % 200_003) {
        yield data.subarray(at, at + step);
      }
    })(),
  );
}

/**
 * The one behaviour every storage driver must show; each driver's int test calls it. With `skip`
 * (no server to test against) every case is still listed, as skipped, so a run shows what it left out.
 */
export function describeStorageDriver(
  name: string,
  makeDriver: () => Promise<StorageDriver>,
  options: { skip?: boolean } = {},
) {
  describe.skipIf(options.skip === true)(`${name} storage driver`, () => {
    let driver: StorageDriver;
    const prefix = `test-${randomUUID()}`;
    const key = (suffix: string) => `${prefix}/${suffix}`;
    const blob = randomBytes(6 * MiB + 123);
    const getBytes = async (k: string, range?: { start: number; end?: number }) => {
      const res = await driver.get(k, range);
      return { ...res, bytes: await readAll(res.body) };
    };

    beforeAll(async () => {
      driver = await makeDriver();
      await driver.put(key('blob'), trickle(blob), { contentType: 'application/pdf' });
    });
    afterAll(async () => driver.close());

    it('streams a multi-megabyte blob in and out unchanged', async () => {
      const res = await getBytes(key('blob'));
      expect(sha256(res.bytes)).toBe(sha256(blob));
      expect(res).toMatchObject({ size: blob.length, contentLength: blob.length });
      expect(await driver.head(key('blob'))).toEqual({ size: blob.length, contentType: 'application/pdf' });
    });

    it('returns the size it wrote, and checks a promised size', async () => {
      expect(await driver.put(key('sized'), trickle(blob.subarray(0, 1000)), { size: 1000 })).toEqual({ size: 1000 });
      await expect(driver.put(key('short'), trickle(blob.subarray(0, 999)), { size: 1000 })).rejects.toThrow();
      await expect(driver.put(key('long'), Buffer.alloc(1001), { size: 1000 })).rejects.toThrow();
      expect(await driver.head(key('short'))).toBeNull();
    });

    it.each([
      ['the first byte', { start: 0, end: 0 }, 0, 1],
      ['a middle slice', { start: 5 * MiB - 10, end: 5 * MiB + 9 }, 5 * MiB - 10, 5 * MiB + 10],
      ['from an offset to the end', { start: 6 * MiB }, 6 * MiB, blob.length],
      ['the whole blob', { start: 0, end: blob.length - 1 }, 0, blob.length],
      ['an end past the last byte, clamped', { start: 100, end: blob.length + 50 }, 100, blob.length],
    ])('serves %s as a byte range', async (_label, range, from, to) => {
      const res = await getBytes(key('blob'), range);
      expect(res.bytes.equals(blob.subarray(from, to))).toBe(true);
      expect(res.contentLength).toBe(to - from);
      expect(res.size).toBe(blob.length);
    });

    it('pipes unchanged into sockets, many at once, whole and in ranges', async () => {
      const ranges = [undefined, { start: 0, end: 0 }, { start: 1, end: 2 * MiB + 7 }, { start: 3 * MiB - 1 }];
      for (let i = 0; i < 8; i++) ranges.push({ start: i * 777_777, end: i * 777_777 + MiB + i });
      const sent = await Promise.all(
        ranges.map(async (range) => throughSocket((await driver.get(key('blob'), range)).body)),
      );
      sent.forEach((bytes, i) => {
        const range = ranges[i];
        const expected = range ? blob.subarray(range.start, (range.end ?? blob.length - 1) + 1) : blob;
        expect(sha256(bytes), JSON.stringify(range)).toBe(sha256(expected));
      });
    });

    it('refuses a range that starts past the end', async () => {
      await expect(driver.get(key('blob'), { start: blob.length })).rejects.toMatchObject({ status: 416 });
    });

    it('knows nothing of a missing blob', async () => {
      expect(await driver.head(key('missing'))).toBeNull();
      await expect(driver.get(key('missing'))).rejects.toMatchObject({ status: 404, code: 'not_found' });
      await expect(driver.copy(key('missing'), key('copy-of-missing'))).rejects.toMatchObject({ status: 404 });
    });

    it('deletes idempotently, one or many', async () => {
      await driver.put(key('a'), Buffer.from('a'));
      await driver.put(key('b'), Buffer.from('b'));
      await driver.put(key('c'), Buffer.from('c'));
      await driver.delete(key('a'));
      await driver.delete(key('a'));
      expect(await driver.head(key('a'))).toBeNull();
      await driver.deleteMany([key('b'), key('c'), key('never-existed')]);
      expect(await driver.head(key('b'))).toBeNull();
      expect(await driver.head(key('c'))).toBeNull();
      await driver.deleteMany([]);
    });

    it('copies bytes and content type, leaving the source', async () => {
      await driver.copy(key('blob'), key('copy'));
      expect(sha256((await getBytes(key('copy'))).bytes)).toBe(sha256(blob));
      expect(await driver.head(key('copy'))).toEqual({ size: blob.length, contentType: 'application/pdf' });
      expect(await driver.head(key('blob'))).not.toBeNull();
    });

    it('replaces a blob on overwrite, content type included', async () => {
      await driver.put(key('over'), Buffer.from('first version, longer'), { contentType: 'text/plain' });
      await driver.put(key('over'), Buffer.from('second'), { contentType: 'image/png' });
      const res = await getBytes(key('over'));
      expect(res.bytes.toString()).toBe('second');
      expect((await driver.head(key('over')))?.contentType).toBe('image/png');
      await driver.copy(key('blob'), key('over'));
      expect((await driver.head(key('over')))?.size).toBe(blob.length);
    });

    it('keeps empty blobs, unicode text and content types with parameters', async () => {
      await driver.put(key('empty'), Buffer.alloc(0));
      expect(await driver.head(key('empty'))).toEqual({ size: 0, contentType: 'application/octet-stream' });
      expect((await getBytes(key('empty'))).bytes.length).toBe(0);
      expect((await throughSocket((await driver.get(key('empty'))).body)).length).toBe(0);
      const words = 'Grüße, 日本語, emoji 🗂️';
      await driver.put(key('unicode'), Readable.from([Buffer.from(words)]), {
        contentType: 'text/plain; charset=utf-8',
      });
      const res = await driver.get(key('unicode'));
      expect(await text(res.body)).toBe(words);
      expect((await driver.head(key('unicode')))?.contentType).toBe('text/plain; charset=utf-8');
      await driver.put(key('no-type'), Buffer.from('x'), { contentType: '' });
      expect((await driver.head(key('no-type')))?.contentType).toBe('application/octet-stream');
    });

    it('assembles a multipart upload from parts sent in any order, small last part included', async () => {
      const parts = [blob.subarray(0, MIN_PART_SIZE), randomBytes(MIN_PART_SIZE), Buffer.from('tail')];
      const id = await driver.createMultipart(key('multi'), { contentType: 'video/mp4' });
      const etags = await Promise.all(
        [3, 1, 2].map(async (n) => {
          const part = parts[n - 1] ?? Buffer.alloc(0);
          return {
            partNumber: n,
            etag: (await driver.uploadPart(key('multi'), id, n, trickle(part), part.length)).etag,
          };
        }),
      );
      // A retried part replaces the first attempt.
      const retried = await driver.uploadPart(key('multi'), id, 3, Buffer.from('tail'), 4);
      etags[0] = { partNumber: 3, etag: retried.etag };
      expect(await driver.head(key('multi'))).toBeNull();
      await driver.completeMultipart(key('multi'), id, etags);
      const res = await getBytes(key('multi'));
      expect(sha256(res.bytes)).toBe(sha256(Buffer.concat(parts)));
      expect((await driver.head(key('multi')))?.contentType).toBe('video/mp4');
    });

    it('refuses a part below 5 MiB that is not the last', async () => {
      const id = await driver.createMultipart(key('too-small'));
      const first = await driver.uploadPart(key('too-small'), id, 1, Buffer.from('small'), 5);
      const second = await driver.uploadPart(key('too-small'), id, 2, Buffer.from('last'), 4);
      const parts = [
        { partNumber: 1, etag: first.etag },
        { partNumber: 2, etag: second.etag },
      ];
      await expect(driver.completeMultipart(key('too-small'), id, parts)).rejects.toMatchObject({ status: 422 });
      await driver.abortMultipart(key('too-small'), id);
    });

    it('leaves nothing behind when a multipart upload is aborted', async () => {
      const id = await driver.createMultipart(key('aborted'));
      const part = await driver.uploadPart(key('aborted'), id, 1, Buffer.from('bytes'), 5);
      await driver.abortMultipart(key('aborted'), id);
      await driver.abortMultipart(key('aborted'), id);
      expect(await driver.head(key('aborted'))).toBeNull();
      const parts = [{ partNumber: 1, etag: part.etag }];
      await expect(driver.completeMultipart(key('aborted'), id, parts)).rejects.toMatchObject({ status: 404 });
      await expect(driver.uploadPart(key('aborted'), id, 2, Buffer.from('x'), 1)).rejects.toMatchObject({
        status: 404,
      });
    });

    it('refuses keys that could escape or collide', async () => {
      const bad = ['', '../etc/passwd', 'a/../../b', '/abs', 'a\\b', 'nul\0byte', 'a//b', '.hidden', 'a/', 'ü'];
      for (const k of bad) {
        await expect(driver.put(k, Buffer.from('x')), JSON.stringify(k)).rejects.toMatchObject({ code: 'internal' });
        await expect(driver.head(k), JSON.stringify(k)).rejects.toMatchObject({ code: 'internal' });
      }
      await expect(driver.deleteMany([key('fine'), '../x'])).rejects.toMatchObject({ code: 'internal' });
    });

    it('passes its own probe', async () => {
      await driver.probe();
    });
  });
}
