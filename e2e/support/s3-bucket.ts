import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { E2E_S3 } from './env.js';

function client(s3: NonNullable<typeof E2E_S3>) {
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
}

/** Empties the run's bucket and removes it: the test gateway's memory is small and shared. */
async function removeBucket(s3: NonNullable<typeof E2E_S3>) {
  const c = client(s3);
  try {
    for (;;) {
      const listed = await c.send(new ListObjectsV2Command({ Bucket: s3.bucket })).catch(() => null);
      const keys = (listed?.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) break;
      await c.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys, Quiet: true } }));
    }
    await c.send(new DeleteBucketCommand({ Bucket: s3.bucket })).catch(() => undefined);
  } finally {
    c.destroy();
  }
}

/** Playwright's globalSetup in the S3 run: a fresh bucket; the function it returns is the teardown. */
export default async function setUpBucket() {
  const s3 = E2E_S3;
  if (!s3) return;
  await removeBucket(s3);
  const c = client(s3);
  try {
    await c.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  } finally {
    c.destroy();
  }
  return () => removeBucket(s3);
}
