import type { FastifyReply } from 'fastify';

/**
 * File bytes are served from our own origin, so a file must never become a page that runs script
 * with the user's cookies. Every response carrying file bytes gets `nosniff` (the browser trusts our
 * type, never guesses HTML) and a sandboxing CSP (even a document opened directly runs in an opaque
 * origin without script). On top of that, only types that cannot run script at all are ever inline.
 */
export const FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data: blob:; media-src 'self'; style-src 'unsafe-inline'";

export function protectFileBytes(reply: FastifyReply): void {
  void reply.header('x-content-type-options', 'nosniff').header('content-security-policy', FILE_CSP);
}

// Raster images only: SVG is a document that can carry script.
const INLINE_IMAGES = new Set([
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);
const MEDIA = /^(audio|video)\/[a-z0-9][a-z0-9.+-]*$/;
const TOKEN_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** `text/plain; charset=x` → `text/plain`; anything that is not a plain type token → octet-stream. */
export function essenceOf(mimetype: string | null | undefined): string {
  const essence = (mimetype ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return TOKEN_TYPE.test(essence) ? essence : 'application/octet-stream';
}

/** The Content-Type to preview a file inline with, or null when it must stay an attachment. */
export function inlineContentType(mimetype: string | null | undefined): string | null {
  const essence = essenceOf(mimetype);
  if (INLINE_IMAGES.has(essence) || MEDIA.test(essence) || essence === 'application/pdf') return essence;
  if (essence === 'text/plain') return 'text/plain; charset=utf-8';
  return null;
}
