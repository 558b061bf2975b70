import { storageResponse } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { readSettings } from '../settings/index.js';
import { storageCapacity } from '../users/index.js';
import { presentStorage } from './usage.presenter.js';
import { usageByCategory } from './usage.repository.js';

/** Used space and its breakdown by kind of file (spec §3 storage usage meta). */
export function usageRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/user/storage',
    { config: { access: 'user' }, schema: { response: { 200: storageResponse } } },
    async (request) => {
      const user = requireUser(request);
      const capacity = storageCapacity(user, await readSettings(ctx.db));
      const categories = await usageByCategory(ctx.db, user.id);
      // `storage_used` is the counter quotas check; showing it keeps the bar and the quota in agreement.
      return presentStorage(user.id, user.storageUsed, capacity, categories);
    },
  );
}
