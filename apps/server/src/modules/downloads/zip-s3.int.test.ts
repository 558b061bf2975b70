import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '@filestore/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageDriver, type StorageDriver } from '../storage/index.js';
import type { ZipEntry } from './zip-entries.js';
import { streamZip } from './zip-stream.js';

// Against a real S3 server when one is given (.ci/run starts Ceph RGW when it can), like the driver suite.
const endpoint = process.env.TEST_S3_ENDPOINT;
const settings: S3Settings = {
  endpoint,
  region: process.env.TEST_S3_REGION ?? 'us-east-1',
  bucket: process.env.TEST_S3_BUCKET ?? 'filestore-test',
  key: process.env.TEST_S3_ACCESS_KEY ?? '',
  secret: process.env.TEST_S3_SECRET_KEY ?? '',
  forcePathStyle: true,
};
const MiB = 1024 * 1024;
/**
 * The gateway's Ceph configuration when this suite may collect its garbage (.ci/run passes the
 * one it started): Ceph RGW frees a deleted object's space only at its garbage collection, hours
 * later by default, and keeps everything in one memory store shared with the other suites (2 GiB
 * from the shared script, 6 GiB once .ci/run raises it).
 */
const cephConf = process.env.TEST_S3_CEPH_CONF;
const log = pino({ level: 'silent' });

/**
 * Counts GetObject requests from the moment they are sent until their body is closed (read to its
 * end, or destroyed), at the SDK, below everything the product does with them.
 */
class GetCounter {
  open = 0;
  max = 0;
  started = 0;
  /** Bodies read to their end. */
  ended = 0;

  install(client: S3Client) {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'GetObjectCommand') return next(args);
        this.started++;
        this.open++;
        this.max = Math.max(this.max, this.open);
        let settled = false;
        const done = () => {
          if (!settled) this.open--;
          settled = true;
        };
        try {
          const result = await next(args);
          const body = (result.output as { Body?: Readable }).Body;
          if (!body || body.closed) done();
          else {
            body.once('end', () => this.ended++);
            body.once('close', done);
          }
          return result;
        } catch (error) {
          done();
          throw error;
        }
      },
      { step: 'initialize', name: 'countGets' },
    );
  }
}

async function ensureBucket(client: S3Client) {
  await client.send(new HeadBucketCommand({ Bucket: settings.bucket })).catch(async () => {
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  });
}

/** Frees what the deleted objects held now rather than at the gateway's own collection, hours later. */
async function collectGatewayGarbage() {
  if (!cephConf) return;
  await promisify(execFile)('radosgw-admin', ['-c', cephConf, 'gc', 'process', '--include-all'], { timeout: 120_000 });
}

async function zipBytes(storage: StorageDriver, entries: ZipEntry[], depth: number, maxBytes = 16 * MiB) {
  const zip = await streamZip(storage, entries, log, { depth, maxBytes });
  const hash = createHash('sha256');
  let length = 0;
  for await (const chunk of zip.stream) {
    hash.update(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), length, predicted: zip.size, stats: zip.readAhead };
}

const block = randomBytes(MiB);

/** `size` bytes that differ block by block, made as they are read (nothing that size in memory), the same for the same seed. */
function generated(size: number, seed: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.from(block.subarray(0, Math.min(MiB, size - sent)));
      chunk.writeUInt32BE((seed + sent) >>> 0, 0);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

// Hundreds of objects stored twice (S3 and a durable local disk) before each zip: minutes on a busy machine.
describe.skipIf(!endpoint)('zip downloads on S3', { timeout: 240_000 }, () => {
  const prefix = `test-${randomUUID()}`;
  const counter = new GetCounter();
  let s3: StorageDriver;
  let local: StorageDriver;
  let localRoot: string;
  const stored: string[] = [];

  /** Puts the same bytes on S3 and on the local disk, 16 at a time. */
  async function storeBoth(blobs: { key: string; data: Buffer }[]) {
    for (let i = 0; i < blobs.length; i += 16) {
      await Promise.all(
        blobs.slice(i, i + 16).flatMap(({ key, data }) => {
          stored.push(key);
          return [s3.put(key, data, { size: data.length }), local.put(key, data, { size: data.length })];
        }),
      );
    }
  }

  const fileEntry = (key: string, size: number, name: string): ZipEntry => ({
    type: 'file',
    path: name,
    mtime: new Date('2026-11-25T12:00:00Z'),
    blobKey: key,
    size,
  });

  beforeAll(async () => {
    let client: S3Client | undefined;
    s3 = createStorageDriver(
      { driver: 's3', s3: settings },
      {
        onClient: (made) => {
          client = made;
          counter.install(made);
        },
      },
    );
    await s3.head(`${prefix}/nothing`).catch(() => null); // loads the SDK
    if (!client) throw new Error('the S3 driver made no client');
    await ensureBucket(client);
    localRoot = mkdtempSync(path.join(os.tmpdir(), 'zip-s3-local-'));
    local = createStorageDriver({ driver: 'local', root: localRoot });
    // Fails here, before a 1 GiB object is stored, when the gateway's garbage cannot be collected
    // (radosgw-admin missing, the cluster unreachable): that object would stay for hours.
    await collectGatewayGarbage();
  });

  afterAll(async () => {
    try {
      await s3?.deleteMany(stored);
      await collectGatewayGarbage();
    } finally {
      await s3?.close();
      await local?.close();
      if (localRoot) rmSync(localRoot, { recursive: true, force: true });
    }
  });

  it('zips many small objects byte for byte like the local disk, several GETs at a time', async () => {
    const blobs = Array.from({ length: 600 }, (_, i) => ({
      key: `${prefix}/small/${i}`,
      data: randomBytes(i % 50 === 0 ? 0 : (i * 7919) % 20_000),
    }));
    await storeBoth(blobs);
    const entries: ZipEntry[] = [
      { type: 'folder', path: 'Tree/Empty/', mtime: new Date('2026-11-25T12:00:00Z') },
      ...blobs.map((b, i) => fileEntry(b.key, b.data.length, `Tree/d${i % 7}/f${i}.bin`)),
    ];

    counter.max = 0;
    const onS3 = await zipBytes(s3, entries, 8);
    const onDisk = await zipBytes(local, entries, 8);
    expect(onS3.length).toBe(onS3.predicted);
    expect(onS3.sha256).toBe(onDisk.sha256);
    // Read ahead: the SDK saw GETs overlap, never more than the depth.
    expect(counter.max).toBeGreaterThanOrEqual(4);
    expect(counter.max).toBeLessThanOrEqual(8);
    expect(onS3.stats).toMatchObject({ gets: blobs.length, inFlight: 0, buffered: 0, reserved: 0 });

    // One after another when asked for (ZIP_READ_AHEAD=1): same bytes.
    counter.max = 0;
    expect((await zipBytes(s3, entries, 1)).sha256).toBe(onDisk.sha256);
    expect(counter.max).toBe(1);
  });

  it.each([
    ['while the GETs wait for their answers', false],
    ['while the bodies are arriving', true],
  ])('cancels the GETs in flight when the download is aborted %s, and starts no more', async (_label, midway) => {
    const size = 8 * MiB;
    const blobs = Array.from({ length: 24 }, (_, i) => ({ key: `${prefix}/abort/${i}`, data: randomBytes(size) }));
    if (!midway) {
      for (const { key, data } of blobs) {
        stored.push(key);
        await s3.put(key, data, { size: data.length });
      }
    }
    const entries = blobs.map((b, i) => fileEntry(b.key, size, `f${i}.bin`));
    const zip = await streamZip(s3, entries, log, { depth: 8, maxBytes: 256 * MiB });
    // The first bytes (the first local header) leave before any GET has answered.
    await new Promise<void>((resolve) =>
      zip.stream.once('data', () => {
        zip.stream.pause();
        resolve();
      }),
    );
    if (midway) {
      for (let i = 0; i < 10_000 && zip.readAhead.buffered === 0; i++) await sleep(1);
    }
    const before = { open: counter.open, started: counter.started, ended: counter.ended };
    expect(before.open).toBeGreaterThanOrEqual(4);
    if (midway) expect(zip.readAhead.buffered).toBeGreaterThan(0);

    zip.stream.destroy(); // what Fastify does when the client goes away
    await expect.poll(() => counter.open, { timeout: 5000 }).toBe(0);
    await sleep(300);
    expect(counter.open).toBe(0);
    expect(counter.started).toBe(before.started); // no GET after the abort
    expect(counter.ended).toBe(before.ended); // none in flight was read to its end: they were cancelled
    expect(zip.readAhead).toMatchObject({ inFlight: 0, buffered: 0, reserved: 0 });
  });

  // 1 GiB as the issue asks when the gateway's garbage can be collected right after (its memory
  // store, shared with the other suites, would otherwise keep the deleted object for hours: at 2 GiB
  // a second run filled it and every request hung). Without that, 256 MiB: still 16 times the cap.
  const largeSize = cephConf ? 1024 * MiB : 256 * MiB;
  it(`keeps the bytes read ahead under the cap with a ${largeSize / MiB} MiB object among many small ones`, async () => {
    const largeKey = `${prefix}/mixed/large`;
    stored.push(largeKey);
    let passed = false;
    try {
      await s3.put(largeKey, generated(largeSize, 7), { size: largeSize });
      await local.put(largeKey, generated(largeSize, 7), { size: largeSize });
      await zipsTheLargeAmongSmall(largeKey);
      passed = true;
    } finally {
      // Its space back at once, not at the end of the suite, whatever happened.
      await s3.delete(largeKey).catch(() => undefined);
      await local.delete(largeKey).catch(() => undefined);
      // A failed collection fails a passing test, but never hides why a failing one failed.
      await collectGatewayGarbage().catch((error: unknown) => {
        if (passed) throw error;
      });
    }
  });

  async function zipsTheLargeAmongSmall(largeKey: string) {
    const small = Array.from({ length: 400 }, (_, i) => ({
      key: `${prefix}/mixed/${i}`,
      data: randomBytes(1000 + ((i * 104_729) % 300_000)),
    }));
    await storeBoth(small);
    const entries = [
      ...small.slice(0, 200).map((b, i) => fileEntry(b.key, b.data.length, `a/${i}.bin`)),
      fileEntry(largeKey, largeSize, 'large.bin'),
      ...small.slice(200).map((b, i) => fileEntry(b.key, b.data.length, `b/${i}.bin`)),
    ];
    const cap = 16 * MiB;

    // This process's resident size while the archive streams: the large object passes through,
    // so it grows by the cap and the pieces in transit, nowhere near the object's size.
    const rssBefore = process.memoryUsage.rss();
    let rssMax = rssBefore;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage.rss())), 20);
    let onS3;
    try {
      onS3 = await zipBytes(s3, entries, 8, cap);
    } finally {
      clearInterval(sampler);
    }
    expect(rssMax - rssBefore).toBeLessThan(128 * MiB);
    expect(onS3.length).toBe(onS3.predicted);
    expect(onS3.sha256).toBe((await zipBytes(local, entries, 8, cap)).sha256);
    // The read-ahead's own accounting: never more than the cap held or reserved, so the large
    // object streamed through instead of being buffered.
    expect(onS3.stats.maxBuffered).toBeLessThanOrEqual(cap);
    expect(onS3.stats.maxReserved).toBeLessThanOrEqual(cap);
    expect(onS3.stats.maxInFlight).toBeLessThanOrEqual(8);
    expect(onS3.stats.maxBuffered).toBeGreaterThan(0);
  }
});
