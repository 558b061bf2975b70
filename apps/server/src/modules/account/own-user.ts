import type { AppContext } from '../../app/context.js';
import { favouriteFolders } from '../files/index.js';
import { notificationSummary } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import { teamEmailsOf } from '../teams/index.js';
import { presentUser, type UserRow } from '../users/index.js';

/**
 * The signed-in user's own record, with their favourite folders, newest notifications (ADR 0026)
 * and the emails counted against their team member limit (spec §5).
 */
export async function ownUser(ctx: AppContext, user: UserRow) {
  return presentUser(
    user,
    await readSettings(ctx.db),
    await favouriteFolders(ctx, user.id),
    await notificationSummary(ctx.db, user.id),
    await teamEmailsOf(ctx.db, user.id),
  );
}
