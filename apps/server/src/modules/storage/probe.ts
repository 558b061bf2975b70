import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '@filestore/contract';
import type { StorageConfig } from '../../app/config.js';

export function s3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint || undefined,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.key, secretAccessKey: s3.secret },
    maxAttempts: 1,
  });
}

/** Writes and deletes a small object: the only honest proof that the storage accepts our bytes. */
export async function probeStorage(config: StorageConfig): Promise<void> {
  const name = `.probe-${randomUUID()}`;
  if (config.driver === 'local') {
    await mkdir(config.root, { recursive: true });
    const file = path.join(config.root, name);
    await writeFile(file, 'ok');
    await rm(file, { force: true });
    return;
  }
  const client = s3Client(config.s3);
  const abort = AbortSignal.timeout(10_000);
  try {
    await client.send(new PutObjectCommand({ Bucket: config.s3.bucket, Key: name, Body: 'ok' }), {
      abortSignal: abort,
    });
    await client.send(new DeleteObjectCommand({ Bucket: config.s3.bucket, Key: name }), { abortSignal: abort });
  } finally {
    client.destroy();
  }
}
