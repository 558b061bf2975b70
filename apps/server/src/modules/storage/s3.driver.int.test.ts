import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
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
