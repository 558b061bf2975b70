import { userSettingUpdate } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../auth/index.js';
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

export function usersRoutes(app: TypedApp, ctx: AppContext) {
  app.get('/api/user', async (request) => presentUser(requireUser(request), await readSettings(ctx.db)));

  // POST with _method=patch is what the reference client sends; PATCH is the honest verb.
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/user/settings',
    schema: { body: userSettingUpdate },
    handler: async (request) => {
      const user = requireUser(request);
      const { name, value } = request.body;
      const updated = await updateUser(ctx.db, user.id, { [columns[name]]: value === '' ? null : value });
      return presentUser(updated, await readSettings(ctx.db));
    },
  });
}
