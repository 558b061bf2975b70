import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, ifRangeAllows, parseRange } from './http-conditional.js';

describe('byte ranges', () => {
  it('reads the three single-range forms and clamps to the file', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ kind: 'partial', start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=8-99999999999999999999', 10)).toEqual({ kind: 'partial', start: 8, end: 9 });
  });

  it('refuses ranges past the end and ignores what it cannot serve as one range', () => {
    expect(parseRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=10-20', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    for (const header of ['bytes=5-2', 'bytes=-', 'bytes=0-1,4-5', 'items=0-1', 'bytes=a-b', undefined]) {
      expect(parseRange(header, 10), String(header)).toEqual({ kind: 'full' });
    }
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'full' });
  });
});

describe('validators', () => {
  const etag = '"abc"';
  const modified = new Date('2024-05-01T10:00:00.750Z');
  it('compares If-None-Match weakly and If-Range strongly', () => {
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"abcd"', etag)).toBe(false);
    expect(ifRangeAllows('"abc"', etag, modified)).toBe(true);
    expect(ifRangeAllows('W/"abc"', etag, modified)).toBe(false);
    expect(ifRangeAllows('Wed, 01 May 2024 10:00:00 GMT', etag, modified)).toBe(true);
    expect(ifRangeAllows('Wed, 01 May 2024 09:59:59 GMT', etag, modified)).toBe(false);
  });
});
