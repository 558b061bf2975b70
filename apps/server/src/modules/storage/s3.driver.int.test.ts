import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, HeadBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3Settings } from '@filestore/contract';
import { describe, expect, it } from 'vitest';
import { s3Client } from './s3.client.js';
import { createS3Driver } from './s3.driver.js';
import { describeStorageDriver } from './storage.behaviour.js';

// Runs against a real S3 server when one is given (.ci/run starts Ceph RGW when it can).
const endpoint = process.env.TEST_S3_ENDPOINT;
const settings: S3Settings = {
  endpoint,
  region: process.env.TEST_S3_REGION ?? 'us-east-1',
  bucket: process.env.TEST_S3_BUCKET ?? 'filestore-test',
  key: process.env.TEST_S3_ACCESS_KEY ?? '',
  secret: process.env.TEST_S3_SECRET_KEY ?? '',
  forcePathStyle: true,
};

async function ensureBucket() {
  const client = s3Client(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket })).catch(async () => {
      await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    });
  } finally {
    client.destroy();
  }
}

// Without a server every case is still listed, as skipped; scripts/test-summary.mjs says so loudly.
describeStorageDriver(
  's3',
  async () => {
    await ensureBucket();
    return createS3Driver(settings);
  },
  { skip: !endpoint },
);

describe.skipIf(!endpoint)('s3 driver extras', () => {
  it('signs a download URL that names the file', async () => {
    await ensureBucket();
    const driver = createS3Driver(settings);
    const key = `test-${randomUUID()}/signed`;
    await driver.put(key, Buffer.from('hello'), { contentType: 'text/plain' });
    const url = await driver.signedUrl?.(key, { expiresIn: 60, filename: 'Résumé "final".txt' });
    const res = await fetch(url ?? '');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt");
    await driver.delete(key);
    await driver.close();
  });

  it('streams a blob of unknown length through several parts, and copies one part by part', async () => {
    await ensureBucket();
    const driver = createS3Driver(settings, { singleCopyLimit: 1024 });
    const key = `test-${randomUUID()}/large`;
    const data = randomBytes(17 * 1024 * 1024 + 5); // lib-storage cuts 16 MiB parts
    expect(await driver.put(key, Readable.from([data.subarray(0, 1000), data.subarray(1000)]))).toEqual({
      size: data.length,
    });
    await driver.copy(key, `${key}-copy`);
    for (const k of [key, `${key}-copy`]) {
      const res = await driver.get(k);
      expect(
        createHash('sha256')
          .update(await buffer(res.body))
          .digest('hex'),
      ).toBe(createHash('sha256').update(data).digest('hex'));
    }
    await driver.deleteMany([key, `${key}-copy`]);
    await driver.close();
  });

  it('fails the probe quickly against a wrong bucket', async () => {
    const driver = createS3Driver({ ...settings, bucket: `missing-${randomUUID().slice(0, 8)}` }, { maxAttempts: 1 });
    await expect(driver.probe()).rejects.toThrow();
    await driver.close();
  });
});

describe.skipIf(!endpoint)('s3 driver: deleting many objects', () => {
  it('deletes over 1,000 keys in batches of at most 1,000 and sends again what a batch kept', async () => {
    await ensureBucket();
    const calls: string[][] = [];
    let injected: string[] = [];
    const driver = createS3Driver(settings, {
      onClient: (client) =>
        client.middlewareStack.add(
          (next, context) => async (args) => {
            if (context.commandName !== 'DeleteObjectsCommand') return next(args);
            const input = args.input as { Delete: { Objects: { Key: string }[] } };
            const keys = input.Delete.Objects.map((o) => o.Key);
            calls.push(keys);
            if (calls.length !== 2) return next(args);
            // The second call keeps 7 objects, as S3 does under SlowDown or InternalError: they are
            // left out of the request (so they really stay) and reported in its Errors.
            injected = keys.filter((_, i) => i % 100 === 3).slice(0, 7);
            input.Delete.Objects = input.Delete.Objects.filter((o) => !injected.includes(o.Key));
            const result = await next(args);
            const output = result.output as { Errors?: { Key?: string; Code?: string; Message?: string }[] };
            output.Errors = injected.map((Key) => ({ Key, Code: 'InternalError', Message: 'injected' }));
            return result;
          },
          { step: 'initialize', name: 'keepSomeOnDelete' },
        ),
    });
    const prefix = `test-${randomUUID()}/many`;
    const keys = Array.from({ length: 2345 }, (_, i) => `${prefix}/${i}`);
    for (let i = 0; i < keys.length; i += 32) {
      await Promise.all(keys.slice(i, i + 32).map((k) => driver.put(k, Buffer.from(k))));
    }
    try {
      await driver.deleteMany(keys);
      expect(calls.length).toBe(4); // three batches and one retry
      expect(calls.map((c) => c.length).sort((a, b) => a - b)).toEqual([7, 345, 1000, 1000]);
      expect(calls.at(-1)?.sort()).toEqual([...injected].sort());
      expect(new Set(calls.flat()).size).toBe(keys.length);
      expect(await countUnder(prefix)).toBe(0);
    } finally {
      await driver.deleteMany(keys);
      await driver.close();
    }
  });

  it('fails naming what stayed when a key is kept on every attempt', async () => {
    await ensureBucket();
    let calls = 0;
    const stuck = `test-${randomUUID()}/stuck`;
    const driver = createS3Driver(settings, {
      onClient: (client) =>
        client.middlewareStack.add(
          (next, context) => async (args) => {
            if (context.commandName !== 'DeleteObjectsCommand') return next(args);
            calls++;
            const input = args.input as { Delete: { Objects: { Key: string }[] } };
            input.Delete.Objects = input.Delete.Objects.filter((o) => o.Key !== stuck);
            // An empty list is malformed to S3: nothing goes out then.
            const result = input.Delete.Objects.length > 0 ? await next(args) : ({ output: {}, response: {} } as never);
            (result.output as { Errors?: unknown[] }).Errors = [{ Key: stuck, Code: 'AccessDenied', Message: 'no' }];
            return result;
          },
          { step: 'initialize', name: 'neverDelete' },
        ),
    });
    await driver.put(stuck, Buffer.from('x'));
    await expect(driver.deleteMany([stuck])).rejects.toThrow(/kept 1 objects.*AccessDenied/);
    expect(calls).toBe(4);
    expect(await driver.head(stuck)).not.toBeNull();
    await driver.delete(stuck);
    await driver.close();
  });
});

async function countUnder(prefix: string): Promise<number> {
  const client = s3Client(settings);
  try {
    const res = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${prefix}/` }));
    return res.KeyCount ?? 0;
  } finally {
    client.destroy();
  }
}
