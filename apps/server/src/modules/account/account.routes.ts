import { userSettingUpdate } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../auth/index.js';
import { favouriteFolders } from '../files/index.js';
import { notificationSummary } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import { teamEmailsOf } from '../teams/index.js';
import { presentUser, updateUser, type UserRow } from '../users/index.js';

const columns = {
  theme_mode: 'themeMode',
  emoji_type: 'emojiType',
  first_name: 'firstName',
  last_name: 'lastName',
  timezone: 'timezone',
  mail_notifications: 'mailNotifications',
} as const satisfies Record<string, keyof UserRow>;

/**
 * The signed-in user's own record, with their favourite folders, newest notifications (ADR 0026)
 * and the emails counted against their team member limit (spec §5).
 */
async function ownUser(ctx: AppContext, user: UserRow) {
  return presentUser(
    user,
    await readSettings(ctx.db),
    await favouriteFolders(ctx, user.id),
    await notificationSummary(ctx.db, user.id),
    await teamEmailsOf(ctx.db, user.id),
  );
}

/** The signed-in user's own record (with their favourite folders) and preferences. */
export function accountRoutes(app: TypedApp, ctx: AppContext) {
  app.get('/api/user', async (request) => ownUser(ctx, requireUser(request)));

  // POST with _method=patch is what the reference client sends; PATCH is the honest verb.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/user/settings',
    schema: { body: userSettingUpdate },
    handler: async (request) => {
      const user = requireUser(request);
      const { name, value } = request.body;
      const updated = await updateUser(ctx.db, user.id, { [columns[name]]: value === '' ? null : value });
      return ownUser(ctx, updated);
    },
  });
}
