import { uuid } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { notFound } from '../../lib/errors.js';
import { requireUser } from '../auth/index.js';
import { entityTag, ifNoneMatchHits, protectFileBytes } from '../downloads/index.js';
import { loadItem } from '../files/index.js';
import { thumbnailsJob } from './thumbnails.job.js';
import { thumbnailKey, type ThumbnailSize } from './thumbnail-sizes.js';

const params = z.object({ id: uuid, size: z.enum(['sm', 'md', 'lg'] satisfies ThumbnailSize[]) });

/** Thumbnails made in the background after upload, and the route that serves them. */
export function thumbnailsModule(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(thumbnailsJob(ctx));

  app.get('/api/files/:id/thumbnail/:size', { schema: { params } }, async (request, reply) => {
    const user = requireUser(request);
    const { id, size } = request.params;
    const row = await loadItem(ctx.db, { kind: 'user', user }, id, { action: 'view', state: 'any' });
    if (row.type !== 'file' || row.thumbnailStatus !== 'ready') throw notFound();
    // Thumbnails of an item never change once made; its size and dimensions pin the version.
    const etag = entityTag('thumb', row.id, size, row.size, row.width ?? 0, row.height ?? 0);
    void reply.header('cache-control', 'private, max-age=86400').header('etag', etag);
    protectFileBytes(reply);
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const blob = await ctx.storage.get(thumbnailKey(row.id, size));
    return reply.header('content-type', 'image/webp').header('content-length', blob.contentLength).send(blob.body);
  });
}
