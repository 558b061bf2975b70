import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { actorRefCodec, sameActor, userRef, type ActorRef } from '../access/index.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { AppError } from '../../lib/errors.js';
import {
  remoteUploadBatches,
  remoteUploadUrls,
  type RemoteUploadBatchRow,
  type RemoteUploadUrlRow,
} from './remote-uploads.table.js';

/** A URL claimed more often than this was interrupted twice (its worker died): it fails for good. */
export const MAX_ATTEMPTS = 2;

/**
 * What may wait at once (ADR 0066): open (unfinished) batches and the URLs of them not yet settled,
 * per actor (a user, or one share or upload-request link) and, for what others queue (links, team
 * members), per owner whose storage they fill; the owner's own batches meet only their actor limit.
 */
export const OPEN_LIMITS = {
  actor: { batches: 5, urls: 100 },
  owner: { batches: 20, urls: 500 },
} as const;

export const queueFull = (scope: 'actor' | 'owner') => {
  const { batches, urls } = OPEN_LIMITS[scope];
  const whose = scope === 'actor' ? 'You have' : 'The storage these files go to has';
  return new AppError(
    429,
    'remote_upload.queue_full',
    `${whose} too many uploads from links waiting (at most ${batches} batches and ${urls} links at a time). Try again once one has finished.`,
    { scope, max_batches: batches, max_urls: urls },
  );
};

export interface NewBatch {
  ownerId: string;
  storageOwnerId: string;
  actorKey: ActorRef;
  linkToken: string | null;
  parentId: string | null;
  urls: readonly string[];
}

/**
 * Stores a batch unless its actor or its storage's owner has too much waiting already (OPEN_LIMITS).
 * The counts and the insert run under advisory locks on both (the actor's first, always), so
 * requests at once cannot all pass the same count.
 */
export async function insertBatch(db: Db, batch: NewBatch): Promise<RemoteUploadBatchRow> {
  return db.transaction(async (tx) => {
    for (const key of [`actor:${actorRefCodec.encode(batch.actorKey)}`, `owner:${batch.storageOwnerId}`]) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`remote-upload:${key}`}))`);
    }
    const open = async (where: ReturnType<typeof sql>) => {
      const [row] = rowsOf<{ batches: number; urls: number }>(
        await tx.execute(sql`
          select count(*) as batches, coalesce(sum(total - processed), 0) as urls
          from remote_upload_batches where status <> 'done' and ${where}`),
      );
      return { batches: Number(row?.batches ?? 0), urls: Number(row?.urls ?? 0) };
    };
    // The owner's own batches meet only their actor limit: what others (links, team members) queue
    // into the owner's storage shares the owner limit, so it can never starve the owner.
    const owner = actorRefCodec.encode(userRef(batch.storageOwnerId));
    const ownBatch = sameActor(batch.actorKey, userRef(batch.storageOwnerId));
    const checks = [
      ['actor', await open(sql`actor_key = ${actorRefCodec.encode(batch.actorKey)}`)],
      ...(ownBatch
        ? []
        : ([
            ['owner', await open(sql`storage_owner_id = ${batch.storageOwnerId} and actor_key <> ${owner}`)],
          ] as const)),
    ] as const;
    for (const [scope, held] of checks) {
      const limit = OPEN_LIMITS[scope];
      if (held.batches + 1 > limit.batches || held.urls + batch.urls.length > limit.urls) throw queueFull(scope);
    }
    const [row] = await tx
      .insert(remoteUploadBatches)
      .values({
        ownerId: batch.ownerId,
        storageOwnerId: batch.storageOwnerId,
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
 * Claims a URL nobody works on, in one statement: pending, or running with its lease run out (its
 * worker died). Owners take turns (ADR 0066): the URL comes from the owner (whose storage the files
 * fill) with the fewest URLs running now on any node, then the one whose last turn is oldest, then
 * the oldest URL of theirs. `idleOwnersOnly` (a node's last free slot) takes only from an owner with
 * nothing running, so one owner's slow downloads never hold every slot while another waits.
 * `skip locked` keeps two nodes off the same row; the lease lets another node take it over. Its
 * batch becomes `running`, and its owner's turn is now.
 *
 * The claimed row is picked in a MATERIALIZED CTE, run exactly once. As a subquery in `from`, a plan
 * may run it again for each row of the table being updated (a nested loop, PostgreSQL's generic plan
 * after an `analyze` of an empty table): on its second run the row this statement just updated is
 * skipped as locked, the next one is picked, and every pending URL was marked running while only
 * the first was answered: the rest stayed leased to nobody for the lease's length.
 */
export async function claimUrl(db: Db, leaseMs: number, idleOwnersOnly = false): Promise<ClaimedUrl | null> {
  const result = await db.execute(sql`
    with open_batches as materialized (
      select id, storage_owner_id from remote_upload_batches where status <> 'done'
    ),
    turns as materialized (
      select o.owner_id,
        (select count(*) from remote_upload_urls ru join open_batches ob on ob.id = ru.batch_id
          where ob.storage_owner_id = o.owner_id and ru.status = 'running' and ru.lease_until >= now()) as running,
        (select max(b.claimed_at) from remote_upload_batches b where b.storage_owner_id = o.owner_id) as last_turn
      from (select distinct storage_owner_id as owner_id from open_batches) o
    ),
    c as materialized (
      select u.batch_id, u.position from remote_upload_urls u
      join open_batches ob on ob.id = u.batch_id
      join turns t on t.owner_id = ob.storage_owner_id
      where (u.status = 'pending' or (u.status = 'running' and u.lease_until < now()))
        and (not ${idleOwnersOnly}::boolean or t.running = 0)
      order by t.running, t.last_turn nulls first, u.queued_at, u.position
      limit 1
      for update of u skip locked
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
    .set({
      claimedAt: sql`now()`,
      status: sql`case when ${remoteUploadBatches.status} = 'queued' then 'running' else ${remoteUploadBatches.status} end`,
    })
    .where(eq(remoteUploadBatches.id, row.batch_id));
  return { batchId: row.batch_id, position: Number(row.position), url: row.url, attempts: Number(row.attempts) };
}

export type UrlOutcome = { fileId: string } | { errorCode: string; error: string };

/**
 * Settles a claimed URL and counts it (and its download time) on its batch, under the batch's lock;
 * false when the claim was lost (another node took the URL over after the lease ran out). Answers the batch as it is now.
 */
export async function settleUrl(
  db: Db,
  claim: ClaimedUrl,
  outcome: UrlOutcome,
  /** The download time it used, added to its batch's (REMOTE_UPLOAD_BATCH_SECONDS). */
  fetchMs = 0,
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
      fetchMs: batch.fetchMs + Math.max(0, Math.round(fetchMs)),
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
