import { describe, expect, it } from 'vitest';
import { nextRenewal, paypalBillingDay } from './paypal.js';

const at = (iso: string) => new Date(iso);

describe('the renewal a PayPal payment moves a subscription to', () => {
  it('stays on the day the subscription bills on over short months, never running into the next', () => {
    // A subscription of Jan 31: a payment on its renewal day moves it to Feb 28, not Mar 3.
    const created = at('2027-01-31T10:00:00Z');
    let sub = { createdAt: created, renewsAt: at('2027-01-31T10:00:00Z') };
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const next = nextRenewal(sub.renewsAt, 'month', sub.renewsAt, paypalBillingDay(sub));
      expect(next).not.toBeNull();
      sub = { ...sub, renewsAt: next as Date };
      seen.push(sub.renewsAt.toISOString());
    }
    expect(seen).toEqual([
      '2027-02-28T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
      '2027-04-30T10:00:00.000Z',
      '2027-05-31T10:00:00.000Z',
    ]);
  });

  it('keeps the day PayPal gave when it is not a clamped month end', () => {
    // Started late on the 14th UTC, billed by PayPal on the 15th: the 15th it stays.
    const sub = { createdAt: at('2027-03-14T23:30:00Z'), renewsAt: at('2027-04-15T10:00:00Z') };
    expect(paypalBillingDay(sub)).toBe(15);
    expect(nextRenewal(sub.renewsAt, 'month', sub.renewsAt, paypalBillingDay(sub))?.toISOString()).toBe(
      '2027-05-15T10:00:00.000Z',
    );
  });

  it('moves a yearly plan by years, Feb 29 to Feb 28', () => {
    const renewsAt = at('2028-02-29T08:00:00Z');
    expect(nextRenewal(renewsAt, 'year', renewsAt)?.toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });

  it('catches up over missed periods and leaves a renewal already ahead alone', () => {
    const renewsAt = at('2027-01-31T10:00:00Z');
    expect(nextRenewal(renewsAt, 'month', at('2027-04-05T00:00:00Z'), 31)?.toISOString()).toBe(
      '2027-04-30T10:00:00.000Z',
    );
    // The first payment, made as the subscription starts: its renewal is already a period ahead.
    expect(nextRenewal(renewsAt, 'month', at('2026-12-31T10:00:00Z'))).toBeNull();
    expect(nextRenewal(null, 'month', renewsAt)).toBeNull();
  });
});
