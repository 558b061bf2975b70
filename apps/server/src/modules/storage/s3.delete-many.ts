import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import { forEachBounded } from '../../lib/bounded.js';

/** DeleteObjects takes at most 1,000 keys a call. */
export const DELETE_BATCH = 1000;
/** Calls in flight at once: 4,000 keys a round trip without crowding the gateway. */
const DELETE_PARALLEL = 4;
/** Rounds per batch: the first call and up to three retries of what it left. */
const DELETE_ATTEMPTS = 4;
const RETRY_DELAY_MS = 200;

/**
 * Deletes keys with DeleteObjects, 1,000 a call and a few calls at once. A call can succeed and
 * still keep some objects (its `Errors`: SlowDown, InternalError, a lock...): those keys, and the
 * whole batch when a call fails outright after the SDK's own retries, are sent again after a short
 * pause, up to DELETE_ATTEMPTS rounds. What is still there after that fails the promise, naming how
 * many stayed; the blob deletion outbox (blob-deletions.ts) tries the whole claim again later.
 */
export async function deleteObjects(client: S3Client, Bucket: string, keys: readonly string[]): Promise<void> {
  const batches: string[][] = [];
  for (let i = 0; i < keys.length; i += DELETE_BATCH) batches.push(keys.slice(i, i + DELETE_BATCH));
  const kept: { key: string; reason: string }[] = [];
  await forEachBounded(batches, DELETE_PARALLEL, async (batch) => {
    let left = batch;
    let reasons = new Map<string, string>();
    for (let attempt = 1; left.length > 0 && attempt <= DELETE_ATTEMPTS; attempt++) {
      if (attempt > 1) await sleep(RETRY_DELAY_MS * 2 ** (attempt - 2));
      const Objects = left.map((Key) => ({ Key }));
      try {
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        reasons = new Map((res.Errors ?? []).map((e) => [e.Key ?? '', `${e.Code}: ${e.Message ?? ''}`]));
        left = left.filter((key) => reasons.has(key));
      } catch (error) {
        if (attempt === DELETE_ATTEMPTS) throw error;
      }
    }
    for (const key of left) kept.push({ key, reason: reasons.get(key) ?? 'unknown' });
  });
  if (kept.length > 0) {
    const [first] = kept;
    throw new Error(`S3 kept ${kept.length} objects on delete, first ${first?.key}: ${first?.reason}`);
  }
}
