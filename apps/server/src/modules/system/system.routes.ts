import { en } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { readSettings } from '../settings/index.js';
import { buildAppConfig } from './app-config.js';
import { databaseMaintenanceJob } from './maintenance.job.js';

export function systemRoutes(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(databaseMaintenanceJob(ctx));

  app.get('/api/ping', async () => ({ type: 'success' as const, message: 'pong' as const }));

  app.get('/api/config', async (request) => buildAppConfig(ctx, request, await readSettings(ctx.db)));

  // One catalogue today (English); the language editor adds stored overrides per locale.
  app.get(
    '/translations/:locale',
    { schema: { params: z.object({ locale: z.string().regex(/^[a-zA-Z_-]{2,10}$/) }) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return en;
    },
  );
}
