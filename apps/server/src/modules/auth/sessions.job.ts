import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { purgeExpiredPasskeyChallenges } from './passkeys.js';
import { purgeExpiredPasswordResets } from './password-reset.js';
import { purgeExpiredSessions } from './sessions.js';
import { purgeExpiredChallenges } from './two-factor.js';

export const SESSIONS_CLEANUP_JOB = 'sessions-cleanup';
const BATCH = 1_000;

/**
 * Hourly: deletes sessions, password-reset tokens and pending two-factor sign-ins and passkey challenges past their expiry. They already stopped
 * working at that instant (every look-up compares the expiry); this only keeps the tables from
 * growing with every sign-in forever.
 */
export function sessionsCleanupJob(ctx: AppContext): JobDefinition {
  return {
    name: SESSIONS_CLEANUP_JOB,
    intervalMs: 3_600_000,
    async run() {
      const now = new Date();
      const sessions = await purgeExpiredSessions(ctx.db, now, BATCH);
      const resets = await purgeExpiredPasswordResets(ctx.db, now, BATCH);
      const challenges = await purgeExpiredChallenges(ctx.db, now, BATCH);
      const passkeyChallenges = await purgeExpiredPasskeyChallenges(ctx.db, now, BATCH);
      return {
        more: sessions === BATCH || resets === BATCH || challenges === BATCH || passkeyChallenges === BATCH,
      };
    },
  };
}
