import type { FileRequestStatus } from '@filestore/contract';
import { linkDecision } from '../access/index.js';
import type { FileRequestRow } from './file-requests.table.js';

const HOUR_MS = 3_600_000;
/** A request nobody uploads to expires 72 hours after it was made. */
export const UNUSED_EXPIRY_HOURS = 72;
/** A request whose last upload is a day old is taken as filled, even if the guest never pressed Done. */
export const IDLE_FILLED_HOURS = 24;

/** When an active request stops taking files: 72 hours after it was made if unused, 24 hours after its last upload. */
export function requestRunsOutAt(row: Pick<FileRequestRow, 'createdAt' | 'lastUploadAt'>): Date {
  return row.lastUploadAt === null
    ? new Date(row.createdAt.getTime() + UNUSED_EXPIRY_HOURS * HOUR_MS)
    : new Date(row.lastUploadAt.getTime() + IDLE_FILLED_HOURS * HOUR_MS);
}

/**
 * The state the link decision (`access/links.ts`) reads of a request that takes files: closed
 * when its stored status says so, running out at `requestRunsOutAt`.
 */
export const requestLinkState = (row: Pick<FileRequestRow, 'status' | 'createdAt' | 'lastUploadAt'>) => ({
  kind: 'request' as const,
  closed: row.status !== 'active',
  expiresAt: requestRunsOutAt(row),
});

/**
 * The status a request has now. The hourly job writes it down (and mails the owner), but the rule
 * holds from the moment it is due, so a guest cannot slip an upload in before the job runs.
 */
export function currentStatus(
  row: Pick<FileRequestRow, 'status' | 'createdAt' | 'lastUploadAt'>,
  now = Date.now(),
): FileRequestStatus {
  if (row.status !== 'active') return row.status;
  if (linkDecision(requestLinkState(row), new Date(now)).usable) return 'active';
  return row.lastUploadAt === null ? 'expired' : 'filled';
}
