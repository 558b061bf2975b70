import type Sharp from 'sharp';
import { AppError } from '../../lib/errors.js';
import type { ImageSettingName } from '../settings/index.js';

/** The largest appearance image accepted: bigger ones are refused before decoding. */
export const MAX_APPEARANCE_IMAGE_BYTES = 5 * 1024 * 1024;

/** What each appearance image is drawn as (ADR 0043): the size it is shown at, twice for sharp screens. */
interface ImageKind {
  format: 'webp' | 'png' | 'jpg';
  contentType: string;
  /** `inside`: scaled down to fit, never up; `contain`: exactly this size, letterboxed; `cover`: cropped. */
  fit: 'inside' | 'contain' | 'cover';
  width: number;
  height: number;
  /** Drawn over white: iOS puts a transparent touch icon on black, social sites an og image on anything. */
  opaque?: boolean;
}

const LOGO: ImageKind = { format: 'webp', contentType: 'image/webp', fit: 'inside', width: 512, height: 128 };
const HORIZONTAL: ImageKind = { ...LOGO, width: 1024 };

export const IMAGE_KINDS: Record<ImageSettingName, ImageKind> = {
  app_logo: LOGO,
  app_logo_dark: LOGO,
  app_logo_horizontal: HORIZONTAL,
  app_logo_horizontal_dark: HORIZONTAL,
  app_favicon: { format: 'png', contentType: 'image/png', fit: 'contain', width: 64, height: 64 },
  app_touch_icon: { format: 'png', contentType: 'image/png', fit: 'contain', width: 180, height: 180, opaque: true },
  app_og_image: { format: 'jpg', contentType: 'image/jpeg', fit: 'cover', width: 1200, height: 630, opaque: true },
};

export const CONTENT_TYPES: Record<ImageKind['format'], string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
};

const ACCEPTED = 'The image must be a PNG, JPEG or WebP file. SVG is not accepted.';

export const notAnImage = (field: string) =>
  new AppError(422, 'appearance.not_an_image', ACCEPTED, undefined, { [field]: [ACCEPTED] });

export const imageTooLarge = () =>
  new AppError(413, 'appearance.too_large', 'The image can be at most 5 MB.', {
    maxBytes: MAX_APPEARANCE_IMAGE_BYTES,
  });

/**
 * The formats taken, by their first bytes, before any decoder runs: PNG, JPEG and WebP. SVG (a
 * document that can carry scripts, event handlers and references to other sites) and everything
 * else is refused here, so no SVG parser ever sees an upload.
 */
function sniff(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

/** At most 40 megapixels decoded: a small file claiming a huge canvas is refused, not drawn. */
const LIMIT_INPUT_PIXELS = 40_000_000;

/**
 * Decodes the upload and draws it afresh at its kind's size and format: no metadata, no trailing
 * bytes, no second frame of the original survives.
 */
export async function renderAppearanceImage(
  name: ImageSettingName,
  input: Buffer,
): Promise<{ bytes: Buffer; format: ImageKind['format']; contentType: string }> {
  const kind = IMAGE_KINDS[name];
  const format = sniff(input);
  if (!format) throw notAnImage(name);
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { failOn: 'error', limitInputPixels: LIMIT_INPUT_PIXELS }).metadata();
    if (meta.format !== format) throw notAnImage(name);
    let image = sharp(input, { failOn: 'error', limitInputPixels: LIMIT_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(kind.width, kind.height, {
        fit: kind.fit,
        withoutEnlargement: kind.fit === 'inside',
        background: { r: 255, g: 255, b: 255, alpha: kind.opaque ? 1 : 0 },
      })
      .toColourspace('srgb');
    if (kind.opaque) image = image.flatten({ background: '#ffffff' });
    const bytes =
      kind.format === 'webp'
        ? await image.webp({ quality: 90, alphaQuality: 100 }).toBuffer()
        : kind.format === 'png'
          ? await image.png({ compressionLevel: 9 }).toBuffer()
          : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { bytes, format: kind.format, contentType: kind.contentType };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A header that parses over a body that does not decode, or a canvas over the pixel limit.
    throw notAnImage(name);
  }
}
