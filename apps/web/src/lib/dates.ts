import { create } from 'zustand';
import { translator } from './i18n';
import { useSession } from './session';

/**
 * Every date and time a screen shows goes through `formatDate` (ADR 0037): the API sends ISO
 * instants, and this shows them at the user's chosen offset (one of the 32 of spec §9, a fixed
 * shift with no daylight saving) or, when none is chosen, in the browser's own zone.
 */

/** Minutes east of UTC, or null for the browser's zone. */
const useDisplayZone = create<{ offsetMinutes: number | null }>(() => ({ offsetMinutes: null }));

/** Called wherever the user record arrives or its timezone changes; null/'' means "the browser's zone". */
export function setDisplayTimezone(offsetHours: string | number | null | undefined): void {
  const hours = offsetHours === null || offsetHours === undefined || offsetHours === '' ? NaN : Number(offsetHours);
  const offsetMinutes = Number.isFinite(hours) && Math.abs(hours) <= 14 ? Math.round(hours * 60) : null;
  if (useDisplayZone.getState().offsetMinutes !== offsetMinutes) useDisplayZone.setState({ offsetMinutes });
}

/** The offset in use, in minutes east of UTC; null while the browser's zone applies. */
export function displayOffsetMinutes(): number | null {
  return useDisplayZone.getState().offsetMinutes;
}

/**
 * For a component that shows dates: renders it again when the offset changes (the user record
 * can arrive after a listing, and the profile can change the offset while a panel stays open).
 */
export function useDisplayTimezone(): number | null {
  return useDisplayZone((s) => s.offsetMinutes);
}

// Signing out forgets the offset: a visitor (or the next account in this tab) starts from the browser's zone.
useSession.subscribe((state, previous) => {
  if (previous.authenticated && !state.authenticated) useDisplayZone.setState({ offsetMinutes: null });
});

export type DateStyle = keyof typeof STYLES;

const STYLES = {
  /** "12 Mar 2024": a listing line. */
  short: { dateStyle: 'medium' },
  /** "12 Mar 2024, 14:05": details, notifications, tokens. */
  long: { dateStyle: 'medium', timeStyle: 'short' },
  /** "12 March 2024": a page's date. */
  day: { dateStyle: 'long' },
  /** "12 March, 14:05": a moment soon (a link's expiry). */
  soon: { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' },
  /** "14:05": a clock. */
  time: { timeStyle: 'short' },
  /** "12 Mar": a chart's axis. */
  dayMonth: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to build and a long listing formats thousands of dates. */
function formatter(style: DateStyle, fixed: boolean): Intl.DateTimeFormat {
  const key = `${translator.language}:${style}:${fixed ? 'fixed' : 'local'}`;
  let f = formatters.get(key);
  if (!f) {
    // A fixed offset is applied by shifting the instant and reading it as UTC: exact for any
    // offset (+05:45 included), on every browser, and never moved by daylight saving.
    f = new Intl.DateTimeFormat(translator.language, { ...STYLES[style], ...(fixed ? { timeZone: 'UTC' } : {}) });
    formatters.set(key, f);
  }
  return f;
}

/** A timestamp (ISO string, epoch ms or Date) for people; '' for one that can't be read. */
export function formatDate(value: string | number | Date, style: DateStyle = 'short'): string {
  return formatDateAt(value, style, useDisplayZone.getState().offsetMinutes);
}

/** As `formatDate`, at a given offset (minutes east of UTC; null: the browser's zone). */
export function formatDateAt(value: string | number | Date, style: DateStyle, offset: number | null): string {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return '';
  return formatter(style, offset !== null).format(offset === null ? ms : ms + offset * 60_000);
}

/**
 * A calendar day the server counts in UTC ("2026-11-26", the traffic's days) for people: the same
 * day wherever the reader is, so a chart's bar never moves to the day before.
 */
export function formatUtcDay(day: string, style: DateStyle = 'short'): string {
  return formatDateAt(`${day}T00:00:00Z`, style, 0);
}
