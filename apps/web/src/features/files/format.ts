import i18next from 'i18next';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** 1536 → "1.5 KB" (powers of 1024, one decimal under 10, like the server's formatted sizes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  const digits = exponent === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(i18next.language, { maximumFractionDigits: digits })} ${UNITS[exponent]}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: 'short' | 'long'): Intl.DateTimeFormat {
  const key = `${i18next.language}:${style}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      style === 'short'
        ? new Intl.DateTimeFormat(i18next.language, { dateStyle: 'medium' })
        : new Intl.DateTimeFormat(i18next.language, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(key, f);
  }
  return f;
}

/** A listing line's date: "12 Mar 2024"; with the time in the details panel. */
export function formatDate(iso: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(style).format(date);
}
