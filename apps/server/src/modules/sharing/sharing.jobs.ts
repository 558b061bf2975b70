import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { endUploadsOfClosedLinks } from '../uploads/index.js';
import { purgeExpired, purgeTombstones, sharesOpenForUploads } from './shares.repository.js';

export const SHARES_CLEANUP_JOB = 'shares-cleanup';
/** An expired link's row stays a month; then its tombstone says "expired" (ADR 0019). */
const EXPIRED_GRACE_DAYS = 30;
/** After a year a gone link says "not found". */
const TOMBSTONE_DAYS = 365;
const BATCH = 500;

/**
 * Hourly: ends the uploads of links that expired (or can no longer upload) since, and drops
 * unlocks past their 24 hours, shares expired for more than 30 days and tombstones past a year.
 */
export function sharesCleanupJob(ctx: AppContext): JobDefinition {
  return {
    name: SHARES_CLEANUP_JOB,
    intervalMs: 3_600_000,
    async run() {
      await endUploadsOfClosedLinks(ctx, 'share', (ids) => sharesOpenForUploads(ctx.db, ids, ctx.clock.now()));
      const purged = await purgeExpired(ctx.db, EXPIRED_GRACE_DAYS, BATCH);
      const buried = await purgeTombstones(ctx.db, TOMBSTONE_DAYS, BATCH);
      return { more: purged === BATCH || buried === BATCH };
    },
  };
}
