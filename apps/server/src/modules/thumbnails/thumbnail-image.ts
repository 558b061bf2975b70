import type { Readable } from 'node:stream';
import type Sharp from 'sharp';
import {
  MAX_THUMBNAIL_INPUT_BYTES,
  THUMBNAIL_SIZES,
  thumbnailSizeNames,
  type ThumbnailSize,
} from './thumbnail-sizes.js';

export interface RenderedThumbnails {
  /** Of the original as people see it, EXIF orientation applied. */
  width: number;
  height: number;
  images: Record<ThumbnailSize, Buffer>;
}

/**
 * Gathers the blob into memory with a hard cap. sharp holds a streamed input in memory too before
 * libvips decodes it; doing it here adds the cap and turns a storage error into a rejected promise
 * rather than a decoder waiting forever for the end of its input.
 */
async function readCapped(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > MAX_THUMBNAIL_INPUT_BYTES) {
      body.destroy();
      throw new Error('image too large for a thumbnail');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

let sharpModule: Promise<typeof Sharp> | undefined;
/** libvips costs ~30 MB of memory: loaded with the first thumbnail, not at start-up. */
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/**
 * Decodes the image once (JPEG and WebP shrink while decoding), orients it, and derives the three
 * sizes from the largest, as WebP. The default pixel limit of sharp stays on, so a decompression
 * bomb fails instead of taking the memory of the server.
 */
export async function renderThumbnails(body: Readable): Promise<RenderedThumbnails> {
  const input = await readCapped(body);
  const sharp = await loadSharp();
  const image = sharp(input, { failOn: 'error' });
  const meta = await image.metadata();
  const largest = THUMBNAIL_SIZES.lg;
  const base = await image
    .rotate()
    .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = base.info;
  const images = {} as Record<ThumbnailSize, Buffer>;
  for (const size of thumbnailSizeNames) {
    const side = THUMBNAIL_SIZES[size];
    images[size] = await sharp(base.data, { raw: { width, height, channels } })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  }
  return { width: meta.autoOrient.width, height: meta.autoOrient.height, images };
}
