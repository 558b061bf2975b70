import { createHash } from 'node:crypto';

/**
 * HTTP validators and byte ranges (RFC 9110 §8.8, §13, §14) for file bytes. Small pure functions,
 * so the download path does a handful of string comparisons per request and nothing per chunk.
 */

/** A strong entity tag from whatever identifies the bytes (id, size, last change). */
export function entityTag(...parts: (string | number)[]): string {
  return `"${createHash('sha1').update(parts.join(':')).digest('base64url').slice(0, 27)}"`;
}

/** HTTP dates have whole seconds; comparisons must ignore the milliseconds we store. */
export const httpDate = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toUTCString();

const opaqueTags = (header: string) => header.split(',').map((t) => t.trim().replace(/^W\//, ''));

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || opaqueTags(header).includes(etag);
}

/** Only consulted when If-None-Match is absent, as HTTP asks. */
export function notModifiedSince(header: string | undefined, lastModified: Date): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * If-Range: the range applies only while the client's copy is still current. Entity tags compare
 * strongly (a weak tag never matches); a date must equal Last-Modified exactly.
 */
export function ifRangeAllows(header: string | undefined, etag: string, lastModified: Date): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return Date.parse(value) === Math.floor(lastModified.getTime() / 1000) * 1000;
}

export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * One range (`a-b`, `a-`, `-n`) is served as 206. Several ranges, or a header we do not understand,
 * get the whole representation (HTTP lets a server ignore Range); multipart/byteranges is not worth
 * its weight for file downloads. An empty file has no byte to point at, so it is always sent whole.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header || size === 0) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
