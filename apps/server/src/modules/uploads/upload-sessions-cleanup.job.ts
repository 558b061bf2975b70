import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { discardStored } from './end-session.js';
import { claimStaleSessions, deleteCompletedSessions } from './upload-sessions.repository.js';

export const CLEANUP_JOB = 'upload-sessions-cleanup';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** A client that sent nothing for a day has gone; its parts would otherwise stay forever (ADR 0004). */
export const STALE_AFTER_MS = 24 * HOUR;
/**
 * A link's guest reserves the owner's quota, not their own: their upload ends after 45 minutes of
 * silence, so with the job every 15 minutes it is gone within the hour.
 */
export const LINK_STALE_AFTER_MS = 45 * MINUTE;
const INTERVAL_MS = 15 * MINUTE;
/** How long a finished session answers a resent last chunk with its file. */
export const COMPLETED_KEPT_MS = HOUR;
const BATCH = 20;

/**
 * Aborts uploads nobody touched for a day (a link guest's: for 45 minutes), a small batch at a
 * time, on any number of nodes, and removes temp files that uploads of crashed processes left.
 * Runs once at start-up too.
 */
export function uploadSessionsCleanupJob(ctx: AppContext): JobDefinition {
  return {
    name: CLEANUP_JOB,
    intervalMs: INTERVAL_MS,
    async run() {
      const temp = (await ctx.storage.removeAbandonedTemp?.()) ?? 0;
      if (temp) ctx.log.info({ count: temp }, 'temp files of crashed uploads removed');
      await deleteCompletedSessions(ctx.db, new Date(Date.now() - COMPLETED_KEPT_MS));
      const now = Date.now();
      const stale = await claimStaleSessions(
        ctx.db,
        { user: new Date(now - STALE_AFTER_MS), link: new Date(now - LINK_STALE_AFTER_MS) },
        BATCH,
      );
      for (const session of stale) await discardStored(ctx, session);
      if (stale.length) ctx.log.info({ count: stale.length }, 'abandoned uploads aborted');
      return { more: stale.length === BATCH };
    },
  };
}
