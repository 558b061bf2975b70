import { looseBoolean, uuid, zipForm, zipQuery } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { downloadFile, downloadZip } from './download-handlers.js';
import { zipFormOptions, zipFormRoutes } from './zip-form.js';

/** File download with Range, and streamed zips of files and folders. */
export function downloadsRoutes(app: TypedApp, ctx: AppContext) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/:id/download',
    config: { access: 'user' },
    schema: { params: z.object({ id: uuid }), querystring: z.object({ inline: looseBoolean.optional() }) },
    handler: async (request, reply) =>
      downloadFile(ctx, { kind: 'user', user: requireUser(request) }, request, reply, {
        id: request.params.id,
        inline: request.query.inline === true,
      }),
  });

  // No automatic HEAD: Fastify would build the archive and read every byte to answer it.
  app.get(
    '/api/zip',
    { config: { access: 'user' }, schema: { querystring: zipQuery }, exposeHeadRoute: false },
    async (request, reply) =>
      downloadZip(ctx, { kind: 'user', user: requireUser(request) }, request, reply, request.query),
  );
  zipFormRoutes(app, (scope) => {
    scope.post(
      '/api/zip',
      { ...zipFormOptions, config: { ...zipFormOptions.config, access: 'user' }, schema: { body: zipForm } },
      async (request, reply) =>
        downloadZip(ctx, { kind: 'user', user: requireUser(request) }, request, reply, request.body),
    );
  });
}
