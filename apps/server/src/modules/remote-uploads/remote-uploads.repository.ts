import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import type { ActorRef } from '../access/index.js';
import { rowsOf } from '../../lib/db/migrate.js';
import {
  remoteUploadBatches,
  remoteUploadUrls,
  type RemoteUploadBatchRow,
  type RemoteUploadUrlRow,
} from './remote-uploads.table.js';

/** A URL claimed more often than this was interrupted twice (its worker died): it fails for good. */
export const MAX_ATTEMPTS = 2;

export interface NewBatch {
  ownerId: string;
  actorKey: ActorRef;
  linkToken: string | null;
  parentId: string | null;
  urls: readonly string[];
}

export async function insertBatch(db: Db, batch: NewBatch): Promise<RemoteUploadBatchRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(remoteUploadBatches)
      .values({
        ownerId: batch.ownerId,
        actorKey: batch.actorKey,
        linkToken: batch.linkToken,
        parentId: batch.parentId,
        total: batch.urls.length,
      })
      .returning();
    if (!row) throw new Error('the batch was not stored');
    await tx.insert(remoteUploadUrls).values(batch.urls.map((url, position) => ({ batchId: row.id, position, url })));
    return row;
  });
}

export async function findBatch(db: Db, id: string): Promise<RemoteUploadBatchRow | undefined> {
  const [row] = await db.select().from(remoteUploadBatches).where(eq(remoteUploadBatches.id, id));
  return row;
}

export async function failuresOf(db: Db, batchId: string): Promise<{ url: string; reason: string }[]> {
  const rows = await db
    .select({ url: remoteUploadUrls.url, reason: remoteUploadUrls.error })
    .from(remoteUploadUrls)
    .where(and(eq(remoteUploadUrls.batchId, batchId), eq(remoteUploadUrls.status, 'failed')))
    .orderBy(asc(remoteUploadUrls.position));
  return rows.map((r) => ({ url: r.url, reason: r.reason ?? '' }));
}

export interface ClaimedUrl {
  batchId: string;
  position: number;
  url: string;
  attempts: number;
}

/**
 * Claims the oldest URL nobody works on, in one statement: pending, or running with its lease run
 * out (its worker died). `skip locked` keeps two nodes off the same row; the lease lets another node
 * take it over. Its batch becomes `running`.
 *
 * The claimed row is picked in a MATERIALIZED CTE, run exactly once. As a subquery in `from`, a plan
 * may run it again for each row of the table being updated (a nested loop, PostgreSQL's generic plan
 * after an `analyze` of an empty table): on its second run the row this statement just updated is
 * skipped as locked, the next one is picked, and every pending URL was marked running while only
 * the first was answered: the rest stayed leased to nobody for the lease's length.
 */
export async function claimUrl(db: Db, leaseMs: number): Promise<ClaimedUrl | null> {
  const result = await db.execute(sql`
    with c as materialized (
      select batch_id, position from remote_upload_urls
      where status = 'pending' or (status = 'running' and lease_until < now())
      order by queued_at, position
      limit 1
      for update skip locked
    )
    update remote_upload_urls u
    set status = 'running', attempts = u.attempts + 1,
        lease_until = now() + ${leaseMs} * interval '1 millisecond'
    from c
    where u.batch_id = c.batch_id and u.position = c.position
    returning u.batch_id, u.position, u.url, u.attempts`);
  const [row] = rowsOf<{ batch_id: string; position: number; url: string; attempts: number }>(result);
  if (!row) return null;
  await db
    .update(remoteUploadBatches)
    .set({ status: 'running' })
    .where(and(eq(remoteUploadBatches.id, row.batch_id), eq(remoteUploadBatches.status, 'queued')));
  return { batchId: row.batch_id, position: Number(row.position), url: row.url, attempts: Number(row.attempts) };
}

export type UrlOutcome = { fileId: string } | { errorCode: string; error: string };

/**
 * Settles a claimed URL and counts it on its batch, under the batch's lock; false when the claim
 * was lost (another node took the URL over after the lease ran out). Answers the batch as it is now.
 */
export async function settleUrl(
  db: Db,
  claim: ClaimedUrl,
  outcome: UrlOutcome,
): Promise<{ batch: RemoteUploadBatchRow; finished: boolean } | null> {
  const [batch] = await db
    .select()
    .from(remoteUploadBatches)
    .where(eq(remoteUploadBatches.id, claim.batchId))
    .for('update');
  if (!batch) return null;
  const failed = 'errorCode' in outcome;
  const settled = await db
    .update(remoteUploadUrls)
    .set({
      status: failed ? 'failed' : 'done',
      leaseUntil: null,
      fileId: failed ? null : outcome.fileId,
      errorCode: failed ? outcome.errorCode : null,
      error: failed ? outcome.error : null,
    })
    .where(
      and(
        eq(remoteUploadUrls.batchId, claim.batchId),
        eq(remoteUploadUrls.position, claim.position),
        eq(remoteUploadUrls.status, 'running'),
        eq(remoteUploadUrls.attempts, claim.attempts),
      ),
    )
    .returning({ position: remoteUploadUrls.position });
  if (settled.length === 0) return null;
  const processed = batch.processed + 1;
  const finished = processed >= batch.total;
  const [updated] = await db
    .update(remoteUploadBatches)
    .set({
      processed,
      failed: batch.failed + (failed ? 1 : 0),
      ...(finished ? { status: 'done' as const, finishedAt: new Date() } : {}),
    })
    .where(eq(remoteUploadBatches.id, claim.batchId))
    .returning();
  return updated ? { batch: updated, finished } : null;
}

/** Finished batches are kept a week for their status endpoint, then go. */
export async function deleteOldBatches(db: Db): Promise<void> {
  await db.execute(
    sql`delete from remote_upload_batches where status = 'done' and finished_at < now() - interval '7 days'`,
  );
}

export type { RemoteUploadUrlRow };
