import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { outboxCrashPoint } from './crash-point.js';
import { dispatchBatch, purgeOutbox } from './outbox.repository.js';
import type { RealtimeServer } from './socket-server.js';

export const OUTBOX_DISPATCH_JOB = 'outbox-dispatch';
/** The database channel the `outbox_events` trigger notifies at each commit that wrote events. */
export const OUTBOX_CHANNEL = 'outbox_events';
const BATCH = 2000;
/**
 * Besides the notification, the dispatcher looks every 2 s: a notification lost with a listening
 * connection (or sent while another node held the dispatch lock) waits at most that long.
 */
const FALLBACK_MS = 2_000;

export function outboxDispatchJob(ctx: AppContext, server: RealtimeServer): JobDefinition {
  return {
    name: OUTBOX_DISPATCH_JOB,
    intervalMs: FALLBACK_MS,
    async run() {
      const sent = await dispatchBatch(ctx.db, BATCH, async (messages) => {
        await outboxCrashPoint(ctx, 'outbox-before-send');
        server.deliver(messages);
        await outboxCrashPoint(ctx, 'outbox-after-send');
      });
      return { more: sent === BATCH };
    },
  };
}

export const OUTBOX_CLEANUP_JOB = 'outbox-cleanup';
/** Delivered events stay a day (a reconnecting socket replays from them), then go. */
export const OUTBOX_RETENTION_MS = 24 * 3_600_000;
/** Events no dispatcher sent for a week are dropped too: nobody waits for them any more. */
const UNDELIVERED_RETENTION_MS = 7 * 24 * 3_600_000;
const PURGE_BATCH = 5_000;

export function outboxCleanupJob(ctx: AppContext): JobDefinition {
  return {
    name: OUTBOX_CLEANUP_JOB,
    intervalMs: 3_600_000,
    async run() {
      const now = Date.now();
      const gone = await purgeOutbox(
        ctx.db,
        new Date(now - OUTBOX_RETENTION_MS),
        new Date(now - UNDELIVERED_RETENTION_MS),
        PURGE_BATCH,
      );
      return { more: gone === PURGE_BATCH };
    },
  };
}
