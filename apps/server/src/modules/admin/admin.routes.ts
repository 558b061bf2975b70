import {
  adminAuditQuery,
  adminAuditResponse,
  adminCapacityRequest,
  adminCreateUserRequest,
  adminDashboardResponse,
  adminDeleteUserRequest,
  adminRoleRequest,
  adminSettingUpdate,
  adminStatusResponse,
  adminUserDeletionResponse,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  adminUserStorageResponse,
  messageResponse,
} from '@filestore/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { appKey } from '../auth/index.js';
import { requireAdmin } from '../access/index.js';
import { publishEvent } from '../realtime/index.js';
import { requireInstalled } from '../languages/index.js';
import { isSealedSetting, readSettings, writeSettings } from '../settings/index.js';
import { runningConfig, serverHealth } from '../status/index.js';
import { parseSettingUpdate, publicSettings } from './admin-settings.js';
import { appearanceRoutes } from './appearance.routes.js';
import { environmentRoutes } from './environment.routes.js';
import { listAudit } from './audit.js';
import { languageAdminRoutes } from './languages.routes.js';
import { dashboard } from './dashboard.js';
import { recordAudit } from './audit.js';
import {
  changeCapacity,
  changeRole,
  createUser,
  deleteUser,
  sendResetLink,
  setSuspended,
  userDetail,
  userStorage,
  usersList,
} from './admin-users.js';
import { deletionOf, presentDeletion, USER_DELETIONS_JOB, userDeletionsJob } from './user-deletion.js';
import { notFound } from '../../lib/errors.js';

const userParams = z.object({ id: z.uuid() });

/** Everything under /api/admin answers 401 to a visitor and 403 to a user, before any handler runs. */
export function adminRoutes(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(userDeletionsJob(ctx));
  // A deletion a crashed process left goes on as soon as the jobs start.
  ctx.jobs.trigger(USER_DELETIONS_JOB);
  // Settings tabs with their own calls (issue 16 point 3, ADR 0043).
  appearanceRoutes(app, ctx);
  environmentRoutes(app, ctx);

  app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    // Spec §4/§8: the admin's screen waits for this event on its own socket (10 s at most).
    admin.post('/api/admin/test-websockets', { config: { access: 'admin' } }, async (request, reply) => {
      const user = requireAdmin(request);
      await publishEvent(ctx.db, [user.id], 'websocket.test', { at: new Date().toISOString() });
      return reply.status(204).send();
    });

    languageAdminRoutes(admin, ctx);

    admin.get(
      '/api/admin/dashboard',
      { config: { access: 'admin' }, schema: { response: { 200: adminDashboardResponse } } },
      async () => dashboard(ctx),
    );

    admin.get(
      '/api/admin/status',
      { config: { access: 'admin' }, schema: { response: { 200: adminStatusResponse } } },
      async () => ({
        data: { ...(await serverHealth(ctx)), config: runningConfig(ctx.config) },
      }),
    );

    admin.get('/api/admin/settings', { config: { access: 'admin' } }, async () => ({
      data: publicSettings(await readSettings(ctx.db)),
    }));

    admin.route({
      method: ['PATCH', 'POST'],
      url: '/api/admin/settings',
      config: { access: 'admin' },
      schema: { body: adminSettingUpdate },
      handler: async (request) => {
        // A secret is sealed under the app key, made on first need: it must exist before the first seal.
        await appKey(ctx);
        const actor = requireAdmin(request);
        const { name, value } = request.body;
        const before = await readSettings(ctx.db);
        const update = parseSettingUpdate(name, value, before);
        if (update.language !== undefined) await requireInstalled(ctx.db, update.language, 'value');
        await ctx.db.transaction(async (tx) => {
          await writeSettings(tx, update);
          // A secret's value never reaches the log: only whether it is now set.
          const details = isSealedSetting(name)
            ? { name, secret: true, set: value !== null }
            : {
                name,
                from: before[name as keyof typeof before] ?? null,
                to: update[name as keyof typeof update] ?? null,
              };
          await recordAudit(tx, actor, 'settings.changed', null, details);
        });
        return { data: publicSettings(await readSettings(ctx.db)) };
      },
    });

    admin.get(
      '/api/admin/users',
      { config: { access: 'admin' }, schema: { querystring: adminUsersQuery, response: { 200: adminUsersResponse } } },
      async (request) => usersList(ctx, request.query),
    );

    admin.post(
      '/api/admin/users',
      { config: { access: 'admin' }, schema: { body: adminCreateUserRequest, response: { 201: adminUserResponse } } },
      async (request, reply) => reply.code(201).send(await createUser(ctx, requireAdmin(request), request.body)),
    );

    admin.get(
      '/api/admin/users/:id',
      { config: { access: 'admin' }, schema: { params: userParams, response: { 200: adminUserResponse } } },
      async (request) => userDetail(ctx, request.params.id),
    );

    admin.route({
      method: ['PATCH', 'POST'],
      url: '/api/admin/users/:id/role',
      config: { access: 'admin' },
      schema: { params: userParams, body: adminRoleRequest, response: { 200: adminUserResponse } },
      handler: async (request) => changeRole(ctx, requireAdmin(request), request.params.id, request.body.role),
    });

    admin.route({
      method: ['PATCH', 'POST'],
      url: '/api/admin/users/:id/capacity',
      config: { access: 'admin' },
      schema: { params: userParams, body: adminCapacityRequest, response: { 200: adminUserResponse } },
      handler: async (request) => {
        const { max_storage_amount: amount, capacity } = request.body;
        return changeCapacity(
          ctx,
          requireAdmin(request),
          request.params.id,
          amount !== undefined ? amount : (capacity ?? null),
        );
      },
    });

    admin.post(
      '/api/admin/users/:id/reset-password',
      { config: { access: 'admin' }, schema: { params: userParams, response: { 200: messageResponse } } },
      async (request) => {
        await sendResetLink(ctx, requireAdmin(request), request.params.id);
        return { type: 'success' as const, message: 'A password reset link was sent.' };
      },
    );

    admin.get(
      '/api/admin/users/:id/storage',
      { config: { access: 'admin' }, schema: { params: userParams, response: { 200: adminUserStorageResponse } } },
      async (request) => userStorage(ctx, request.params.id),
    );

    admin.post(
      '/api/admin/users/:id/suspend',
      { config: { access: 'admin' }, schema: { params: userParams, response: { 200: adminUserResponse } } },
      async (request) => setSuspended(ctx, requireAdmin(request), request.params.id, true),
    );

    admin.post(
      '/api/admin/users/:id/unsuspend',
      { config: { access: 'admin' }, schema: { params: userParams, response: { 200: adminUserResponse } } },
      async (request) => setSuspended(ctx, requireAdmin(request), request.params.id, false),
    );

    admin.delete(
      '/api/admin/users/:id',
      {
        config: { access: 'admin' },
        schema: { params: userParams, body: adminDeleteUserRequest, response: { 202: adminUserDeletionResponse } },
      },
      async (request, reply) => {
        const deletion = await deleteUser(ctx, requireAdmin(request), request.params.id, request.body.email);
        ctx.jobs.trigger(USER_DELETIONS_JOB);
        return reply.code(202).send({ data: presentDeletion(deletion) });
      },
    );

    admin.get(
      '/api/admin/users/:id/deletion',
      { config: { access: 'admin' }, schema: { params: userParams, response: { 200: adminUserDeletionResponse } } },
      async (request) => {
        const deletion = await deletionOf(ctx.db, request.params.id);
        if (!deletion) throw notFound();
        return { data: presentDeletion(deletion) };
      },
    );

    admin.get(
      '/api/admin/audit',
      { config: { access: 'admin' }, schema: { querystring: adminAuditQuery, response: { 200: adminAuditResponse } } },
      async (request) => listAudit(ctx.db, request.query),
    );
  });
}
