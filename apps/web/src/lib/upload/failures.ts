import type { ChunkResponse } from './transport';

/**
 * quota: 423 or upload.quota_exceeded; type: upload.type_blocked; too_large: 413 or
 * upload.too_large; refused: 401/403 (signed out, uploads restricted, a view-only link) or 410
 * (the link expired, the request closed); generic: anything else.
 */
export type FailureKind = 'quota' | 'type' | 'too_large' | 'refused' | 'generic';

export interface UploadFailure {
  kind: FailureKind;
  status: number | null;
  code: string | null;
  message: string | null;
  details: Record<string, unknown>;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The server's error envelope `{code, message, details}` as far as it is there. */
export function failureOf(response: ChunkResponse, kind?: FailureKind): UploadFailure {
  const body = record(response.body);
  const code = typeof body.code === 'string' ? body.code : null;
  const message = typeof body.message === 'string' ? body.message : null;
  return {
    kind: kind ?? classify(response.status, code),
    status: response.status,
    code,
    message,
    details: record(body.details),
  };
}

function classify(status: number, code: string | null): FailureKind {
  if (code === 'upload.quota_exceeded' || status === 423) return 'quota';
  if (code === 'upload.type_blocked') return 'type';
  if (code === 'upload.too_large' || status === 413) return 'too_large';
  if (code === 'upload.restricted' || status === 401 || status === 403 || status === 410) return 'refused';
  return 'generic';
}

/** Statuses worth another try: the connection or a proxy hiccuped, or we were asked to slow down. */
export function isTransient(status: number): boolean {
  // 507: the server's disk is full; trying again at once will not help.
  return (
    status === 0 ||
    status === 408 ||
    status === 419 ||
    status === 425 ||
    status === 429 ||
    (status >= 502 && status !== 507)
  );
}

/** The answer to a last chunk carries the file the server made (`{data: {id, …}}`). */
export function madeFile(body: unknown): boolean {
  return typeof record(record(body).data).id === 'string';
}

export function nextOffset(body: unknown, fallback: number, size: number): number {
  const received = record(record(body).data).received;
  return typeof received === 'number' && Number.isFinite(received) && received >= 0 && received <= size
    ? received
    : fallback;
}

export type BulkOutcome =
  { status: 'created'; item: unknown } | { status: 'refused'; code: string; message: string; httpStatus: number };

/**
 * A bulk answer's per-file outcomes by manifest position, or null when the body is not one (a
 * proxy's page, a cut answer): the request is then treated as not answered.
 */
export function bulkOutcomes(body: unknown, count: number): BulkOutcome[] | null {
  const data = record(body).data;
  if (!Array.isArray(data)) return null;
  const outcomes: BulkOutcome[] = [];
  for (const entry of data) {
    const outcome = record(entry);
    const index = outcome.index;
    if (typeof index !== 'number' || index < 0 || index >= count) return null;
    // `item` is the item resource, `{data: {id, type, attributes}}`, as a chunk's last answer holds it.
    if (outcome.status === 'created' && madeFile(outcome.item)) {
      outcomes[index] = { status: 'created', item: outcome.item };
    } else if (outcome.status === 'refused') {
      const code = typeof outcome.code === 'string' ? outcome.code : 'unknown';
      const message = typeof outcome.message === 'string' ? outcome.message : '';
      // Refusals are classified by their code; the status only stands in for "the server said no".
      outcomes[index] = { status: 'refused', code, message, httpStatus: 422 };
    } else return null;
  }
  return outcomes.length === count && outcomes.every(Boolean) ? outcomes : null;
}
