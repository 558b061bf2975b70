import type { AppContext } from '../../app/context.js';

export type OutboxCrashPoint = 'outbox-before-send' | 'outbox-after-send';

/**
 * Dies on the spot, as kill -9 would, when FILESTORE_TEST_CRASH_AT names this point (the outbox
 * crash tests: a real process dying between the commit of an event and its delivery, or between
 * sending it and marking it delivered). After sending, it first lets the socket writes leave.
 */
export async function outboxCrashPoint(ctx: AppContext, point: OutboxCrashPoint): Promise<void> {
  if (ctx.config.env.FILESTORE_TEST_CRASH_AT !== point) return;
  if (point === 'outbox-after-send') await new Promise((resolve) => setTimeout(resolve, 300));
  process.kill(process.pid, 'SIGKILL');
}
