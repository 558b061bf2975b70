import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireAdmin } from '../auth/index.js';
import { countUsers } from '../users/index.js';

/** Everything under /api/admin answers 401 to a visitor and 403 to a user, before any handler runs. */
export function adminRoutes(app: TypedApp, ctx: AppContext) {
  app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    admin.get('/api/admin/dashboard', async () => ({ data: { users: await countUsers(ctx.db) } }));
  });
}
