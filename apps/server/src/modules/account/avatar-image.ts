import type Sharp from 'sharp';
import { AppError } from '../../lib/errors.js';
import { AVATAR_SIZES, avatarSizeNames, type AvatarSize } from '../users/index.js';

/** The largest avatar file accepted (issue 15): bigger ones are refused before decoding. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** Decided by what libvips finds in the bytes, never by the file's name or the client's type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const notAnImage = () =>
  new AppError(422, 'avatar.not_an_image', 'The avatar must be a JPEG, PNG or WebP image.', undefined, {
    avatar: ['The avatar must be a JPEG, PNG or WebP image.'],
  });

export const avatarTooLarge = () =>
  new AppError(413, 'avatar.too_large', 'The avatar can be at most 5 MB.', { maxBytes: MAX_AVATAR_BYTES });

let sharpModule: Promise<typeof Sharp> | undefined;
/** libvips costs ~30 MB of memory: loaded with the first avatar, not at start-up. */
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/**
 * Decodes the upload and draws the three square centre crops afresh as WebP. Nothing of the
 * original survives: no metadata (sharp writes none unless asked), no trailing bytes, no second
 * frame. sharp's default pixel limit stays on, so a decompression bomb is refused, not decoded.
 */
export async function renderAvatar(input: Buffer): Promise<Record<AvatarSize, Buffer>> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { failOn: 'error' }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  try {
    const largest = AVATAR_SIZES.md;
    const base = await sharp(input, { failOn: 'error' })
      .rotate() // EXIF orientation applied, then dropped with the rest of the metadata
      .resize(largest, largest, { fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = base.info;
    const images = {} as Record<AvatarSize, Buffer>;
    for (const size of avatarSizeNames) {
      const side = AVATAR_SIZES[size];
      images[size] = await sharp(base.data, { raw: { width, height, channels } })
        .resize(side, side, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    }
    return images;
  } catch {
    // A header that parses over a body that does not decode.
    throw notAnImage();
  }
}
