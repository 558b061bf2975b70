import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { blobDeletions } from './blob-deletions.table.js';

export const BLOB_DELETIONS_JOB = 'blob-deletions';
const INSERT_BATCH = 1000;
/**
 * Keys claimed per run: four DeleteObjects calls of 1,000 that the S3 driver sends at once
 * (s3.delete-many.ts); the local driver unlinks 16 at a time whatever the batch.
 */
const DELETE_BATCH = 4000;

/** Queues blobs for deletion in the caller's transaction: they go only once the rows naming them are gone. */
export async function queueBlobDeletions(db: Db, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += INSERT_BATCH) {
    const rows = keys.slice(i, i + INSERT_BATCH).map((key) => ({ key }));
    await db.insert(blobDeletions).values(rows).onConflictDoNothing();
  }
}

/**
 * Deletes queued blobs a batch at a time. A batch is claimed in a short transaction (other nodes skip
 * it), deleted from storage outside any transaction, then forgotten; if storage fails the claim
 * lapses after ten minutes and the batch is tried again.
 */
export function blobDeletionsJob(ctx: AppContext): JobDefinition {
  return {
    name: BLOB_DELETIONS_JOB,
    intervalMs: 10 * 60_000,
    async run() {
      const claimed = rowsOf<{ key: string }>(
        await ctx.db.execute(sql`
          with claimed as materialized (
            select key from blob_deletions
            where claimed_at is null or claimed_at < now() - interval '10 minutes'
            order by created_at limit ${DELETE_BATCH} for update skip locked)
          update blob_deletions set claimed_at = now(), attempts = attempts + 1
          where key in (select key from claimed)
          returning key`),
      ).map((r) => r.key);
      if (claimed.length === 0) return { more: false };
      try {
        await ctx.storage.deleteMany(claimed);
      } catch (error) {
        ctx.log.error({ err: error, count: claimed.length }, 'deleting blobs failed; they will be tried again');
        return { more: false };
      }
      await ctx.db.delete(blobDeletions).where(inArray(blobDeletions.key, claimed));
      return { more: claimed.length === DELETE_BATCH };
    },
  };
}
