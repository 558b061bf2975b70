import type { AppContext } from '../../app/context.js';
import { favouriteFolders } from '../files/index.js';
import { notificationSummary } from '../notifications/index.js';
import { latestEventId } from '../realtime/index.js';
import { readSettings } from '../settings/index.js';
import { teamEmailsOf } from '../teams/index.js';
import { presentUser, type UserRow } from '../users/index.js';

/**
 * The signed-in user's own record, with their favourite folders, newest notifications (ADR 0026)
 * the emails counted against their team member limit (spec §5) and metered billing's estimate.
 */
export async function ownUser(ctx: AppContext, user: UserRow) {
  // Read before the rest: an event written after it reaches the page's first socket connection.
  const cursor = await latestEventId(ctx.db);
  const presented = presentUser(
    user,
    await readSettings(ctx.db),
    await favouriteFolders(ctx, user.id),
    await notificationSummary(ctx.db, user.id),
    await teamEmailsOf(ctx.db, user.id),
  );
  // Billing's metered estimate and balance, through the hook the composition root sets.
  presented.data.meta = {
    ...presented.data.meta,
    ...(await ctx.billingMeta(user)),
    realtime_cursor: cursor.toString(),
  };
  return presented;
}
