import { invalidPart, invalidStorageKey, rangeNotSatisfiable } from './storage.errors.js';
import { MAX_PARTS, type ByteRange, type UploadedPart } from './storage.port.js';

// A conservative alphabet: safe as a path on every file system and as an S3 key without escaping.
// Segments may not start with a dot, which rules out `.`/`..` and keeps the local driver's own
// `.tmp`, `.meta` and `.multipart` folders out of reach of any key.
const segment = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || key.includes('..')) throw invalidStorageKey();
  if (!key.split('/').every((s) => segment.test(s))) throw invalidStorageKey();
}

/** Checks the shape only; whether `start` lies inside the blob is up to the driver. */
export function assertRangeShape(range: ByteRange): void {
  const { start, end } = range;
  const ok =
    Number.isSafeInteger(start) && start >= 0 && (end === undefined || (Number.isSafeInteger(end) && end >= start));
  if (!ok) throw rangeNotSatisfiable();
}

/** Clamps `end` to the blob like HTTP does, or refuses a range that starts past the last byte. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } | null {
  if (!range) return null;
  assertRangeShape(range);
  if (range.start >= size) throw rangeNotSatisfiable(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
    throw invalidPart(`Part numbers run from 1 to ${MAX_PARTS}.`);
  }
}

export function assertPartSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 0) throw invalidPart('A part needs a byte count.');
}

/** S3 wants parts in ascending order without duplicates; callers may send them in any order. */
export function sortedParts(parts: readonly UploadedPart[]): UploadedPart[] {
  if (parts.length === 0) throw invalidPart('A multipart upload needs at least one part.');
  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  sorted.forEach((part, i) => {
    assertPartNumber(part.partNumber);
    if (i > 0 && sorted[i - 1]?.partNumber === part.partNumber) throw invalidPart('A part number appears twice.');
  });
  return sorted;
}
