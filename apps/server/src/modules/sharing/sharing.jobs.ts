import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { endUploadsOfClosedLinks } from '../uploads/index.js';
import { purgeExpired, sharesOpenForUploads } from './shares.repository.js';

export const SHARES_CLEANUP_JOB = 'shares-cleanup';
/** An expired link says "expired" for a month, then it is gone and says "not found". */
const EXPIRED_GRACE_DAYS = 30;
const BATCH = 500;

/**
 * Hourly: ends the uploads of links that expired (or can no longer upload) since, and drops
 * unlocks past their 24 hours and shares expired for more than 30 days.
 */
export function sharesCleanupJob(ctx: AppContext): JobDefinition {
  return {
    name: SHARES_CLEANUP_JOB,
    intervalMs: 3_600_000,
    async run() {
      await endUploadsOfClosedLinks(ctx, 'share', (ids) => sharesOpenForUploads(ctx.db, ids));
      return { more: (await purgeExpired(ctx.db, EXPIRED_GRACE_DAYS, BATCH)) === BATCH };
    },
  };
}
