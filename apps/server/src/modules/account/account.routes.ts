import { userSettingUpdate, type UserSettingName } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { requireInstalled } from '../languages/index.js';
import { updateUser, type UserRow } from '../users/index.js';
import { avatarRoutes } from './avatar.routes.js';
import { ownUser } from './own-user.js';

const columns = {
  theme_mode: 'themeMode',
  emoji_type: 'emojiType',
  first_name: 'firstName',
  last_name: 'lastName',
  timezone: 'timezone',
  address: 'address',
  state: 'state',
  city: 'city',
  postal_code: 'postalCode',
  country: 'country',
  phone_number: 'phoneNumber',
  mail_notifications: 'mailNotifications',
  language: 'language',
} as const satisfies Record<UserSettingName, keyof UserRow>;

/** The signed-in user's own record (with their favourite folders) and preferences. */
export function accountRoutes(app: TypedApp, ctx: AppContext) {
  avatarRoutes(app, ctx);

  app.get('/api/user', { config: { access: 'user' } }, async (request) => ownUser(ctx, requireUser(request)));

  // POST with _method=patch is what the reference client sends; PATCH is the honest verb. The
  // body schema is the allow-list: one column per call, each checked by its own rule.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/user/settings',
    config: { access: 'user' },
    schema: { body: userSettingUpdate },
    handler: async (request) => {
      const user = requireUser(request);
      const { name, value } = request.body;
      // A language must be installed (the column's reference would refuse it less clearly).
      if (name === 'language' && value !== '') await requireInstalled(ctx.db, value, 'language');
      const updated = await updateUser(ctx.db, user.id, { [columns[name]]: value === '' ? null : value });
      return ownUser(ctx, updated);
    },
  });
}
