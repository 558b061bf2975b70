import { publicLanguagesResponse } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { installedLanguages, servedCatalogue } from '../languages/index.js';
import { readSettings } from '../settings/index.js';
import { buildAppConfig } from './app-config.js';
import { databaseMaintenanceJob } from './maintenance.job.js';

export function systemRoutes(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(databaseMaintenanceJob(ctx));

  app.get('/api/ping', { config: { access: 'public' } }, async () => ({
    type: 'success' as const,
    message: 'pong' as const,
  }));

  app.get('/api/config', { config: { access: 'public' } }, async (request) =>
    buildAppConfig(ctx, request, await readSettings(ctx.db)),
  );

  app.get(
    '/api/languages',
    { config: { access: 'public' }, schema: { response: { 200: publicLanguagesResponse } } },
    async () => installedLanguages(ctx.db),
  );

  /**
   * An installed language's catalogue: the shipped one with the administrator's edits (ADR 0044).
   * The browser keeps it but asks again each time (no-cache) with its ETag, which changes with
   * every edit, so an edited string is served at once; 304 otherwise.
   */
  app.get(
    '/translations/:locale',
    {
      config: { access: 'public' },
      schema: { params: z.object({ locale: z.string().regex(/^[a-zA-Z0-9_-]{2,20}$/) }) },
    },
    async (request, reply) => {
      const served = await servedCatalogue(ctx.db, request.params.locale);
      if (!served) throw new AppError(404, 'language.not_found', 'This language is not installed.');
      reply.header('cache-control', 'no-cache').header('etag', served.etag);
      if (request.headers['if-none-match'] === served.etag) return reply.status(304).send();
      return served.catalogue;
    },
  );
}
