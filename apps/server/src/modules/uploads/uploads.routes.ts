import { runningUploadsResponse, uuid } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { BULK_MULTIPART_LIMITS, receiveBulkUpload } from './bulk-upload.js';
import { bulkUploadsCleanupJob } from './bulk-uploads-cleanup.job.js';
import { cancelUpload, receiveUpload, uploadRoutesScope } from './upload-handlers.js';
import { cancelRunningUpload, listRunningUploads } from './running-uploads.js';
import { CLEANUP_JOB, uploadSessionsCleanupJob } from './upload-sessions-cleanup.job.js';

/**
 * Chunked upload (spec §7 "Chunked upload action"), its clean-up job, and the owner's view of the
 * uploads running in their storage.
 */
export function uploadsRoutes(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(uploadSessionsCleanupJob(ctx));
  // At start-up: what a crash of the previous run left goes before the next hour.
  ctx.jobs.trigger(CLEANUP_JOB);
  ctx.jobs.register(bulkUploadsCleanupJob(ctx));

  app.get(
    '/api/user/storage/uploads',
    { config: { access: 'user' }, schema: { response: { 200: runningUploadsResponse } } },
    async (request) => ({
      data: await listRunningUploads(ctx, requireUser(request)),
    }),
  );

  app.delete(
    '/api/user/storage/uploads/:uploadId',
    { config: { access: 'user' }, schema: { params: z.object({ uploadId: uuid }) } },
    async (request, reply) => {
      await cancelRunningUpload(ctx, requireUser(request), request.params.uploadId);
      return reply.code(204).send();
    },
  );

  uploadRoutesScope(app, (scope) => {
    scope.post('/api/upload/chunks', { config: { access: 'user' } }, async (request, reply) => {
      const outcome = await receiveUpload(ctx, { kind: 'user', user: requireUser(request) }, request);
      return reply.code(outcome.status).send(outcome.body);
    });

    scope.delete(
      '/api/upload/chunks/:uploadId',
      { config: { access: 'user' }, schema: { params: z.object({ uploadId: uuid }) } },
      async (request, reply) => {
        await cancelUpload(ctx, { kind: 'user', user: requireUser(request) }, request.params.uploadId);
        return reply.code(204).send();
      },
    );
  });

  // Many small files in one request (issue 42, ADR 0075): a scope of its own for its parser's limits.
  uploadRoutesScope(
    app,
    (scope) => {
      scope.post('/api/upload/bulk', { config: { access: 'user' } }, async (request) => {
        const { outcomes } = await receiveBulkUpload(ctx, { kind: 'user', user: requireUser(request) }, request);
        return { data: outcomes };
      });
    },
    BULK_MULTIPART_LIMITS,
  );
}
