import type { ThumbnailSize } from '../files/index.js';

export { thumbnailKey, thumbnailKeys, thumbnailSizeNames, type ThumbnailSize } from '../files/index.js';

/** Longest side of each thumbnail; every one fits inside a square of this size and is never enlarged. */
export const THUMBNAIL_SIZES = { sm: 160, md: 480, lg: 1600 } as const satisfies Record<ThumbnailSize, number>;

/** Larger images are not worth holding in memory to decode; they get no thumbnail. */
export const MAX_THUMBNAIL_INPUT_BYTES = 200 * 1024 * 1024;

// Raster formats sharp decodes here. SVG stays out: rendering a document we did not write is a risk
// we do not need for a preview, and the browser can show it sandboxed anyway.
const THUMBNAILABLE = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
]);

/** Whether an upload of this type should be queued with `thumbnailStatus: 'pending'`. */
export function canThumbnail(mimetype: string | null | undefined, size?: number): boolean {
  const essence = (mimetype ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return THUMBNAILABLE.has(essence) && (size === undefined || size <= MAX_THUMBNAIL_INPUT_BYTES);
}
