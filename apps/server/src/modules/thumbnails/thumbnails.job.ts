import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { renderThumbnails } from './thumbnail-image.js';
import { canThumbnail, thumbnailKey, thumbnailKeys, thumbnailSizeNames } from './thumbnail-sizes.js';
import {
  claimPendingImages,
  markThumbnailsFailed,
  markThumbnailsReady,
  recordThumbnailFailure,
  type ClaimedImage,
} from './thumbnails.repository.js';

export const THUMBNAILS_JOB = 'thumbnails';
const BATCH = 4;

/**
 * Makes thumbnails in the background after upload (peers make them on first view, which is slow and
 * leaves share visitors with grey tiles). Claiming is one short statement; decoding and storage
 * happen outside any transaction, so PGlite's single connection stays free for requests.
 */
export function thumbnailsJob(ctx: AppContext): JobDefinition {
  async function processImage(image: ClaimedImage) {
    if (!image.blobKey || !canThumbnail(image.mimetype, image.size)) {
      await markThumbnailsFailed(ctx.db, image.id);
      return;
    }
    try {
      const blob = await ctx.storage.get(image.blobKey);
      const rendered = await renderThumbnails(blob.body);
      // All sizes at once: on S3 each put is a round trip of its own.
      await Promise.all(
        thumbnailSizeNames.map((size) => {
          const bytes = rendered.images[size];
          return ctx.storage.put(thumbnailKey(image.id, size), bytes, {
            contentType: 'image/webp',
            size: bytes.length,
          });
        }),
      );
      const settled = await markThumbnailsReady(ctx.db, image.id, rendered.width, rendered.height);
      if (!settled) await ctx.storage.deleteMany(thumbnailKeys(image.id));
    } catch (error) {
      ctx.log.warn({ err: error, itemId: image.id }, 'thumbnail attempt failed');
      await recordThumbnailFailure(ctx.db, image.id);
    }
  }

  return {
    name: THUMBNAILS_JOB,
    intervalMs: 30_000,
    async run() {
      const claimed = await claimPendingImages(ctx.db, BATCH);
      // One at a time: each decode may hold a large image in memory.
      for (const image of claimed) await processImage(image);
      return { more: claimed.length === BATCH };
    },
  };
}
