import { TIMEZONE_OFFSETS, timezoneOffsetLabel, timezoneOffsetOf } from '@filestore/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayOffsetMinutes, formatDate, formatDateAt, setDisplayTimezone } from './dates';
import { useSession } from './session';

/** A zone with daylight saving and a half-hour offset of its own, so nothing of it may leak in. */
const HOST_ZONE = 'America/St_Johns';
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = HOST_ZONE;
});
afterAll(() => {
  process.env.TZ = savedTz;
});
afterEach(() => setDisplayTimezone(null));

const clock = (iso: string) => formatDate(iso, 'time');

describe('formatDate at the user’s offset', () => {
  it('shows a half-hour and the +5.75 offset exactly', () => {
    setDisplayTimezone('5.75');
    expect(clock('2024-07-01T12:00:00Z')).toBe('5:45 PM');
    expect(formatDate('2024-07-01T20:00:00Z', 'long')).toBe('Jul 2, 2024, 1:45 AM'); // past midnight: the next day
    setDisplayTimezone('-3.5');
    expect(clock('2024-07-01T12:00:00Z')).toBe('8:30 AM');
    setDisplayTimezone('5.5');
    expect(formatDate('2024-12-31T18:30:00Z', 'short')).toBe('Jan 1, 2025');
    setDisplayTimezone('-12.0');
    expect(clock('2024-07-01T12:00:00Z')).toBe('12:00 AM');
    setDisplayTimezone('12.0');
    expect(formatDate('2024-07-01T12:00:00Z', 'long')).toBe('Jul 2, 2024, 12:00 AM');
  });

  it('is the same shift in winter and summer (no daylight saving)', () => {
    setDisplayTimezone('1.0');
    expect(clock('2024-01-15T12:00:00Z')).toBe('1:00 PM');
    expect(clock('2024-07-15T12:00:00Z')).toBe('1:00 PM');
    // Across the night Europe and St John's move their clocks: still one hour.
    expect(clock('2024-03-31T00:30:00Z')).toBe('1:30 AM');
    expect(clock('2024-03-31T01:30:00Z')).toBe('2:30 AM');
  });

  it('follows the browser’s zone, daylight saving and all, when no offset is chosen', () => {
    setDisplayTimezone(null);
    expect(displayOffsetMinutes()).toBeNull();
    expect(clock('2024-01-15T12:00:00Z')).toBe('8:30 AM'); // NST, UTC−3:30
    expect(clock('2024-07-15T12:00:00Z')).toBe('9:30 AM'); // NDT, UTC−2:30
    setDisplayTimezone('');
    expect(displayOffsetMinutes()).toBeNull();
  });

  it('accepts epoch milliseconds and Dates, and answers empty for what is not a date', () => {
    setDisplayTimezone('0.0');
    expect(formatDate(Date.UTC(2024, 6, 1, 9, 5), 'time')).toBe('9:05 AM');
    expect(formatDate(new Date('2024-07-01T09:05:00Z'), 'time')).toBe('9:05 AM');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateAt('2024-07-01T12:00:00Z', 'time', 345)).toBe('5:45 PM');
  });

  it('ignores a nonsense offset and forgets the offset at sign-out', () => {
    setDisplayTimezone('Europe/Prague');
    expect(displayOffsetMinutes()).toBeNull();
    useSession.getState().setAuthenticated(true);
    setDisplayTimezone('9.5');
    expect(displayOffsetMinutes()).toBe(570);
    useSession.getState().setAuthenticated(false);
    expect(displayOffsetMinutes()).toBeNull();
  });
});

describe('the offsets list', () => {
  it('has the 32 offsets from −12 to +12, each labelled', () => {
    expect(TIMEZONE_OFFSETS).toHaveLength(32);
    expect(new Set(TIMEZONE_OFFSETS).size).toBe(32);
    expect(TIMEZONE_OFFSETS[0]).toBe('-12.0');
    expect(TIMEZONE_OFFSETS.at(-1)).toBe('12.0');
    const labels = TIMEZONE_OFFSETS.map(timezoneOffsetLabel);
    expect(labels).toContain('UTC+05:45');
    expect(labels).toContain('UTC−03:30');
    expect(labels).toContain('UTC');
    expect(new Set(labels).size).toBe(32);
    for (const offset of TIMEZONE_OFFSETS) expect(timezoneOffsetOf(offset)).toBe(offset);
    expect(timezoneOffsetOf('5.7')).toBeNull();
    expect(timezoneOffsetOf(' +05.75 ')).toBe('5.75');
  });
});
