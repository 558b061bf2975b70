import { translator } from '../../lib/i18n';

const UNITS = ['kB', 'MB', 'GB', 'TB', 'PB'];

/**
 * Decimal units, like the server's formatted sizes (1 MB = 1,000,000 bytes), so a file's size
 * and the storage used add up the same way everywhere: 1536 → "1.54 kB".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Math.max(0, Math.round(bytes) || 0)} B`;
  let value = bytes;
  let unit = 'B';
  for (const u of UNITS) {
    if (value < 1000) break;
    value /= 1000;
    unit = u;
  }
  return `${number(value < 10 ? 2 : 1).format(value)} ${unit}`;
}

const numbers = new Map<string, Intl.NumberFormat>();
/** Formatters are costly to build and a long listing formats thousands of sizes. */
function number(digits: number): Intl.NumberFormat {
  const key = `${translator.language}:${digits}`;
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(translator.language, { maximumFractionDigits: digits });
    numbers.set(key, f);
  }
  return f;
}
