/** What a case measures, and how a row of the table is judged. */

export interface Check {
  /** Which figure the target applies to. */
  on: 'ratio' | 'ours';
  /** `min`: the figure must be at least `value`; `max`: at most. */
  kind: 'min' | 'max';
  value: number;
}

export interface Row {
  case: string;
  metric: string;
  unit: string;
  ours: number | null;
  reference: number | null;
  /** Short name of the reference program or figure. */
  referenceName: string;
  ratio: number | null;
  target: string;
  check: Check | null;
  pass: boolean | null;
  /** Why the row was not measured on this machine (e.g. no PostgreSQL). */
  skipped?: string;
}

export interface CaseResult {
  name: string;
  startedAt: string;
  seconds: number;
  rows: Row[];
  /** Supporting figures: percentiles, repetitions, sizes, counts. */
  facts: Record<string, unknown>;
  notes: string[];
  error?: string;
}

export interface CaseContext {
  log(line: string): void;
  /** Profile our server with --cpu-prof during the case (slower: never for the reported figures). */
  profile: boolean;
  /** Count and time the server's SQL statements (the probe) during the case. */
  diagnose: boolean;
  /** Where this case's CPU profiles go. */
  profileDir(name: string): string;
}

export function judge(row: Omit<Row, 'pass'>): Row {
  if (!row.check) return { ...row, pass: null };
  const figure = row.check.on === 'ratio' ? row.ratio : row.ours;
  if (figure === null || !Number.isFinite(figure)) return { ...row, pass: false };
  return { ...row, pass: row.check.kind === 'min' ? figure >= row.check.value : figure <= row.check.value };
}

/**
 * A row comparing ours with a reference: ratio = ours / reference, or `pairedRatio` when given (the
 * median of per-repetition ratios, each pair measured back to back, which load drift affects less).
 */
export function compare(
  caseName: string,
  metric: string,
  unit: string,
  ours: number,
  reference: number,
  referenceName: string,
  check: Check | null,
  pairedRatio?: number,
): Row {
  return judge({
    case: caseName,
    metric,
    unit,
    ours,
    reference,
    referenceName,
    ratio: pairedRatio ?? (reference ? ours / reference : null),
    target: check ? targetText(check, unit) : 'info',
    check,
  });
}

/** A row judged on our own figure (no reference, or a typed-in one like the reference product's weight). */
export function absolute(
  caseName: string,
  metric: string,
  unit: string,
  ours: number,
  check: Check | null,
  reference: { value: number; name: string } | null = null,
): Row {
  return judge({
    case: caseName,
    metric,
    unit,
    ours,
    reference: reference?.value ?? null,
    referenceName: reference?.name ?? '—',
    ratio: reference ? ours / reference.value : null,
    target: check ? targetText(check, unit) : metric.startsWith('(info)') ? 'info' : 'report',
    check,
  });
}

/** A row that could not be measured here, with its target and the reason, so the table shows the gap. */
export function skippedRow(caseName: string, metric: string, unit: string, check: Check | null, reason: string): Row {
  return {
    case: caseName,
    metric,
    unit,
    ours: null,
    reference: null,
    referenceName: '—',
    ratio: null,
    target: check ? targetText(check, unit) : 'report',
    check,
    pass: null,
    skipped: reason,
  };
}

function targetText(check: Check, unit: string): string {
  const op = check.kind === 'min' ? '≥' : '≤';
  return check.on === 'ratio' ? `ratio ${op} ${check.value}` : `${op} ${check.value} ${unit}`;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid)
    ? ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
    : (sorted[Math.floor(mid)] as number);
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

function formatNumber(n: number | null, unit = ''): string {
  if (n === null || !Number.isFinite(n)) return '—';
  const digits = Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  return `${n.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

export function tableLines(rows: readonly Row[]): string[] {
  const header = ['case', 'metric', 'ours', 'reference', 'ratio', 'target', 'result'];
  const body = rows.map((r) => [
    r.case,
    r.metric,
    formatNumber(r.ours, r.unit),
    r.reference === null ? r.referenceName : `${formatNumber(r.reference, r.unit)} (${r.referenceName})`,
    r.ratio === null ? '—' : formatNumber(r.ratio),
    r.target,
    r.skipped ? 'SKIPPED' : r.pass === null ? (r.target === 'info' ? 'info' : 'report') : r.pass ? 'PASS' : 'FAIL',
  ]);
  return markdownTable(header, body);
}

export function markdownTable(header: string[], body: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)];
}
