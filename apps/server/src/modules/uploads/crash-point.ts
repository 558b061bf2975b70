import type { AppContext } from '../../app/context.js';

export type CrashPoint = 'upload-complete' | 'batch-before-commit' | 'batch-committed';

/**
 * Dies on the spot, as kill -9 would, when FILESTORE_TEST_CRASH_AT names this point: the crash tests
 * need a real process to die exactly between two steps. Unset (always, outside those tests) it does
 * nothing.
 */
export function crashPoint(ctx: AppContext, point: CrashPoint): void {
  if (ctx.config.env.FILESTORE_TEST_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
