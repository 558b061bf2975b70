import { uuid } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { sendThumbnail } from './thumbnail-handler.js';
import { thumbnailsJob } from './thumbnails.job.js';
import type { ThumbnailSize } from './thumbnail-sizes.js';

export const thumbnailSizeParam = z.enum(['sm', 'md', 'lg'] satisfies ThumbnailSize[]);
const params = z.object({ id: uuid, size: thumbnailSizeParam });

/** Thumbnails made in the background after upload, and the route that serves them. */
export function thumbnailsModule(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(thumbnailsJob(ctx));

  app.get(
    '/api/files/:id/thumbnail/:size',
    { config: { access: 'user' }, schema: { params } },
    async (request, reply) =>
      sendThumbnail(ctx, { kind: 'user', user: requireUser(request) }, request, reply, request.params),
  );
}
