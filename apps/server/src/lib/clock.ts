/**
 * The time the billing jobs and their rules read (renewals, settlement, dunning, expiry). The server
 * uses the system clock; tests move a `SettableClock` instead of waiting (ADR 0045). Only code whose
 * outcome depends on the calendar reads it; timestamps of rows keep the database's `now()`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at the system time and can be moved forward (or set) by tests. */
export class SettableClock implements Clock {
  private offsetMs = 0;
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed.getTime() + this.offsetMs) : new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock by `ms` (days: `advance(n * DAY_MS)`). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the real time: unpinned, nothing added. */
  reset(): void {
    this.fixed = null;
    this.offsetMs = 0;
  }

  /** Pins the clock at `at` (it then stands still until advanced or set again). */
  set(at: Date): void {
    this.fixed = at;
    this.offsetMs = 0;
  }
}

export const DAY_MS = 86_400_000;
