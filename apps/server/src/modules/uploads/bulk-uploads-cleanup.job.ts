import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { sweepKeys } from './bulk-uploads.repository.js';

export const BULK_UPLOADS_JOB = 'bulk-uploads-cleanup';
const HOUR = 60 * 60 * 1000;
/** How long a bulk upload's Idempotency-Key answers a retry with the files it made (ADR 0075). */
export const BULK_KEY_KEPT_MS = 24 * HOUR;

/** Forgets bulk upload keys a day after they were first used, on the clock tests can move. */
export function bulkUploadsCleanupJob(ctx: AppContext): JobDefinition {
  return {
    name: BULK_UPLOADS_JOB,
    intervalMs: HOUR,
    async run() {
      const gone = await sweepKeys(ctx.db, new Date(ctx.clock.now().getTime() - BULK_KEY_KEPT_MS), new Date());
      if (gone) ctx.log.info({ count: gone }, 'bulk upload keys forgotten');
      return { more: false };
    },
  };
}
