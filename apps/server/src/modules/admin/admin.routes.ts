import { adminCapacityUpdate, adminSettingUpdate } from '@filestore/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { GB } from '../../lib/format.js';
import { appKey, requireAdmin } from '../auth/index.js';
import { publishEvent } from '../realtime/index.js';
import { readSettings, writeSettings } from '../settings/index.js';
import { countUsers, findUserById, presentUser, updateUser } from '../users/index.js';
import { notFound } from '../../lib/errors.js';
import { parseSettingUpdate, publicSettings } from './admin-settings.js';

/** Everything under /api/admin answers 401 to a visitor and 403 to a user, before any handler runs. */
export function adminRoutes(app: TypedApp, ctx: AppContext) {
  app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    // Spec §4/§8: the admin's screen waits for this event on its own socket (10 s at most).
    admin.post('/api/admin/test-websockets', async (request, reply) => {
      const user = requireAdmin(request);
      await publishEvent(ctx.db, [user.id], 'websocket.test', { at: new Date().toISOString() });
      return reply.status(204).send();
    });

    admin.get('/api/admin/dashboard', async () => ({ data: { users: await countUsers(ctx.db) } }));

    admin.get('/api/admin/settings', async () => ({ data: publicSettings(await readSettings(ctx.db)) }));

    admin.route({
      method: ['PATCH', 'POST'],
      url: '/api/admin/settings',
      schema: { body: adminSettingUpdate },
      handler: async (request) => {
        // A secret is sealed under the app key, made on first need: it must exist before the first seal.
        await appKey(ctx);
        await writeSettings(
          ctx.db,
          parseSettingUpdate(request.body.name, request.body.value, await readSettings(ctx.db)),
        );
        return { data: publicSettings(await readSettings(ctx.db)) };
      },
    });

    admin.route({
      method: ['PATCH', 'POST'],
      url: '/api/admin/users/:id/capacity',
      schema: { params: z.object({ id: z.uuid() }), body: adminCapacityUpdate },
      handler: async (request) => {
        const user = await findUserById(ctx.db, request.params.id);
        if (!user) throw notFound();
        const { capacity } = request.body;
        const updated = await updateUser(ctx.db, user.id, {
          storageCapacity: capacity === null ? null : Math.round(capacity * GB),
        });
        return presentUser(updated, await readSettings(ctx.db));
      },
    });
  });
}
