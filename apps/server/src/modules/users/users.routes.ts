import { userSettingUpdate } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../auth/index.js';
import { favouriteFolders } from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { presentUser } from './user.presenter.js';
import { updateUser } from './users.repository.js';
import type { UserRow } from './users.table.js';

const columns = {
  theme_mode: 'themeMode',
  emoji_type: 'emojiType',
  first_name: 'firstName',
  last_name: 'lastName',
  timezone: 'timezone',
} as const satisfies Record<string, keyof UserRow>;

/** The signed-in user's own record, with their favourite folders. */
async function ownUser(db: Db, user: UserRow) {
  return presentUser(user, await readSettings(db), await favouriteFolders(db, user.id));
}

export function usersRoutes(app: TypedApp, ctx: AppContext) {
  app.get('/api/user', async (request) => ownUser(ctx.db, requireUser(request)));

  // POST with _method=patch is what the reference client sends; PATCH is the honest verb.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/user/settings',
    schema: { body: userSettingUpdate },
    handler: async (request) => {
      const user = requireUser(request);
      const { name, value } = request.body;
      const updated = await updateUser(ctx.db, user.id, { [columns[name]]: value === '' ? null : value });
      return ownUser(ctx.db, updated);
    },
  });
}
