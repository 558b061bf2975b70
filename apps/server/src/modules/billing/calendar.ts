import type { SubscriptionRow } from './billing.table.js';

/**
 * `d` moved `months` calendar months, on `day` of that month (the day `d` is on unless given), or
 * on its last day when it has fewer (Jan 31 → Feb 28 → Mar 31 with day 31), at `d`'s time of day.
 * `Date#setUTCMonth` overflows instead (Jan 29 + 1 → Mar 1 in 2027): the period after such a
 * renewal started on Feb 1, and the usage of Jan 29–31 fell in no period and was never billed.
 */
export const addMonth = (d: Date, months = 1, day = d.getUTCDate()): Date => {
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(day, last),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
};

/** The day of the month a subscription renews on: the day it was made (the 31st renews on each month's last). */
export const renewalDayOf = (sub: Pick<SubscriptionRow, 'createdAt'>): number => sub.createdAt.getUTCDate();
