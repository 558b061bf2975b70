import type { FileRequestStatus } from '@filestore/contract';
import type { FileRequestRow } from './file-requests.table.js';

const HOUR_MS = 3_600_000;
/** A request nobody uploads to expires 72 hours after it was made. */
export const UNUSED_EXPIRY_HOURS = 72;
/** A request whose last upload is a day old is taken as filled, even if the guest never pressed Done. */
export const IDLE_FILLED_HOURS = 24;

/**
 * The status a request has now. The hourly job writes it down (and mails the owner), but the rule
 * holds from the moment it is due, so a guest cannot slip an upload in before the job runs.
 */
export function currentStatus(
  row: Pick<FileRequestRow, 'status' | 'createdAt' | 'lastUploadAt'>,
  now = Date.now(),
): FileRequestStatus {
  if (row.status !== 'active') return row.status;
  if (row.lastUploadAt === null) {
    return now - row.createdAt.getTime() >= UNUSED_EXPIRY_HOURS * HOUR_MS ? 'expired' : 'active';
  }
  return now - row.lastUploadAt.getTime() >= IDLE_FILLED_HOURS * HOUR_MS ? 'filled' : 'active';
}
