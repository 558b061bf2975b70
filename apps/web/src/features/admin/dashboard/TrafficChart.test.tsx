import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimezone } from '../../../lib/dates';
import { TrafficChart } from './TrafficChart';

const days = [
  { day: '2026-11-24', upload: 0, download: 0 },
  { day: '2026-11-25', upload: 1_500_000, download: 250 },
  { day: '2026-11-26', upload: 2000, download: 3_000_000 },
];

describe('traffic chart', () => {
  afterEach(() => setDisplayTimezone(null));

  it('names its totals for screen readers and lists every UTC day, whatever offset the reader uses', () => {
    // Twelve hours west: a day's midnight read at this offset would be the day before.
    setDisplayTimezone(-12);
    render(<TrafficChart days={days} />);
    expect(
      screen.getByRole('img', {
        name: 'Traffic per day from Nov 24, 2026 to Nov 26, 2026: 1.5 MB uploaded, 3 MB downloaded.',
      }),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Nov 26, 20262 kB3 MB',
      'Nov 25, 20261.5 MB250 B',
      'Nov 24, 20260 B0 B',
    ]);
  });
});
