import type { AppContext } from '../../app/context.js';
import { createLimiter, forEachBounded } from '../../lib/bounded.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { renderThumbnails } from './thumbnail-image.js';
import { canThumbnail, thumbnailKey, thumbnailKeys, thumbnailSizeNames } from './thumbnail-sizes.js';
import {
  claimPendingImages,
  markThumbnailsFailed,
  markThumbnailsReady,
  recordThumbnailFailure,
  type ClaimedImage,
} from '../files/index.js';

export const THUMBNAILS_JOB = 'thumbnails';
const BATCH = 4;

/**
 * Makes thumbnails in the background after upload (peers make them on first view, which is slow and
 * leaves share visitors with grey tiles). Claiming is one short statement; decoding and storage
 * happen outside any transaction, so PGlite's single connection stays free for requests.
 */
export function thumbnailsJob(ctx: AppContext): JobDefinition {
  // One image fetched and decoded at a time: a decode may hold a large image in memory, and a body
  // fetched ahead would wait half-read on an idle connection behind the decodes before it. What
  // overlaps is the rest: the three stores of one image (round trips of their own on S3) run while
  // the next image is fetched and decoded (issue 19).
  const decoding = createLimiter(1);

  async function processImage(image: ClaimedImage) {
    if (!image.blobKey || !canThumbnail(image.mimetype, image.size)) {
      await markThumbnailsFailed(ctx.db, image.id);
      return;
    }
    try {
      const blobKey = image.blobKey;
      const rendered = await decoding(async () => renderThumbnails((await ctx.storage.get(blobKey)).body));
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
      // Every image of the batch at once; their fetches and decodes still one after another (above).
      await forEachBounded(claimed, BATCH, processImage);
      return { more: claimed.length === BATCH };
    },
  };
}
