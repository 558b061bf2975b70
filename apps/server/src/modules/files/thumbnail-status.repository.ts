import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';

export interface ClaimedImage {
  id: string;
  blobKey: string | null;
  mimetype: string | null;
  size: number;
}

/*
 * The thumbnail columns of `items`, as the thumbnails module's job claims and settles them (its
 * verbs: ADR 0070).
 */

export const MAX_ATTEMPTS = 3;
/** A claim older than this is taken to belong to a worker that died. */
const CLAIM_TIMEOUT = sql`interval '5 minutes'`;

/**
 * Claims a few pending images in one short statement. `skip locked` lets several nodes run the job
 * side by side without taking the same image; the claim time lets another node pick an image up
 * if the one working on it dies. The rows are picked in a MATERIALIZED CTE, run once: a subquery a
 * plan runs again per row (see `claimUrl` in remote-uploads) would claim more than `limit`.
 */
export async function claimPendingImages(db: Db, limit: number): Promise<ClaimedImage[]> {
  const result = await db.execute(sql`
    with claimed as materialized (
      select id from items
      where thumbnail_status = 'pending' and deleted_at is null
        and (thumbnail_claimed_at is null or thumbnail_claimed_at < now() - ${CLAIM_TIMEOUT})
      order by created_at
      limit ${limit}
      for update skip locked
    )
    update items set thumbnail_claimed_at = now()
    where id in (select id from claimed)
    returning id, blob_key, mimetype, size`);
  return rowsOf<{ id: string; blob_key: string | null; mimetype: string | null; size: number | string }>(result).map(
    (r) => ({ id: r.id, blobKey: r.blob_key, mimetype: r.mimetype, size: Number(r.size) }),
  );
}

/** False when the item vanished or was settled meanwhile (its thumbnails are then orphans). */
export async function markThumbnailsReady(db: Db, id: string, width: number, height: number): Promise<boolean> {
  const result = await db.execute(sql`
    update items
    set thumbnail_status = 'ready', thumbnail_claimed_at = null, width = ${width}, height = ${height}
    where id = ${id} and thumbnail_status = 'pending'
    returning id`);
  return rowsOf(result).length > 0;
}

/** No thumbnail will ever come for this file (unsupported, too large). */
export async function markThumbnailsFailed(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    update items set thumbnail_status = 'failed', thumbnail_claimed_at = null
    where id = ${id} and thumbnail_status = 'pending'`);
}

/**
 * Counts a failed attempt. Below the limit the image stays pending and its claim is moved so that it
 * becomes claimable again after a backoff (1 minute after the first failure, 4 after the second),
 * instead of being retried in a tight loop; at the limit it is failed for good.
 */
export async function recordThumbnailFailure(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    update items
    set thumbnail_attempts = thumbnail_attempts + 1,
        thumbnail_status = case when thumbnail_attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end,
        thumbnail_claimed_at = case when thumbnail_attempts + 1 >= ${MAX_ATTEMPTS} then null
          else now() - ${CLAIM_TIMEOUT} + interval '1 minute' * power(4, thumbnail_attempts) end
    where id = ${id} and thumbnail_status = 'pending'`);
}
