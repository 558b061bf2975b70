/** Decimal units, as the reference does (1 MB = 1,000,000 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 'B';
  for (const u of units) {
    if (value < 1000) break;
    value /= 1000;
    unit = u;
  }
  return `${Number(value.toFixed(value < 10 ? 2 : 1))} ${unit}`;
}

export const GB = 1_000_000_000;
export const MB = 1_000_000;
