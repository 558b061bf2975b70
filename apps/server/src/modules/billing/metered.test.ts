import { describe, expect, it } from 'vitest';
import { addMonth, renewalDayOf } from './calendar.js';
import { periodOf } from './metered.js';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The periods a subscription made at `created` is billed for, one renewal after another, as the daily job renews it. */
function periods(created: string, count: number) {
  const sub = { createdAt: new Date(created), renewsAt: null as Date | null };
  const seen: { start: string; end: string }[] = [];
  for (let i = 0; i < count; i++) {
    const period = periodOf(sub);
    seen.push({ start: day(period.start), end: day(period.end) });
    sub.renewsAt = addMonth(period.end, 1, renewalDayOf(sub));
  }
  return seen;
}

describe('metered billing periods', () => {
  it('follow one another without a gap over month ends, on the day the subscription was made', () => {
    // Made on the 29th: February (28 days in 2027) ends its period on the 28th, March goes back to the 29th.
    expect(periods('2026-11-29T10:00:00Z', 5)).toEqual([
      { start: '2026-11-29', end: '2026-12-29' },
      { start: '2026-12-29', end: '2027-01-29' },
      { start: '2027-01-29', end: '2027-02-28' },
      { start: '2027-02-28', end: '2027-03-29' },
      { start: '2027-03-29', end: '2027-04-29' },
    ]);
    // Made on the 31st: each month's last day.
    const from31 = periods('2027-01-31T23:30:00Z', 4);
    expect(from31.map((p) => p.end)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    for (const list of [periods('2026-11-29T10:00:00Z', 24), from31, periods('2028-01-30T00:00:00Z', 24)]) {
      for (let i = 1; i < list.length; i++) expect(list[i]?.start).toBe(list[i - 1]?.end);
    }
  });

  it('moves a date by months without running over into the next month, at the same time of day', () => {
    expect(addMonth(new Date('2027-01-29T08:15:00.250Z')).toISOString()).toBe('2027-02-28T08:15:00.250Z');
    expect(addMonth(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonth(new Date('2027-03-31T12:00:00Z'), -1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonth(new Date('2026-12-15T12:00:00Z'), 1).toISOString()).toBe('2027-01-15T12:00:00.000Z');
    expect(addMonth(new Date('2027-02-28T12:00:00Z'), 1, 31).toISOString()).toBe('2027-03-31T12:00:00.000Z');
  });
});
