import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { countLiveFilesBelow, namesOf } from '../files/index.js';
import { endUploadsOfClosedLinks } from '../uploads/index.js';
import { notify } from '../notifications/index.js';
import { filledNotification } from './file-request.notifications.js';
import { closeDueRequests, requestsOpenForUploads } from './file-requests.repository.js';
import { tellOwnerOfFilled } from './file-requests.usecases.js';

export const FILE_REQUESTS_JOB = 'file-requests-expiry';
const BATCH = 100;

/**
 * Hourly: requests nobody used within 72 hours expire; requests whose last upload is a day old and
 * that nobody closed are filled, and their owner gets the same notification (and mail) as when the
 * guest presses Done.
 * Uploads still running through a request that stopped taking files end with it.
 */
export function fileRequestsJob(ctx: AppContext): JobDefinition {
  return {
    name: FILE_REQUESTS_JOB,
    intervalMs: 3_600_000,
    async run() {
      // Closing and notifying in one transaction: a request is filled with its notification or not at all.
      const { closed, filled } = await ctx.db.transaction(async (tx) => {
        const closed = await closeDueRequests(tx, BATCH);
        const due = closed.filter((r) => r.status === 'filled');
        const names = due.length
          ? await namesOf(
              tx,
              due.map((r) => r.folderId),
            )
          : new Map<string, string>();
        const filled = [];
        for (const request of due) {
          const folderName = names.get(request.folderId) ?? 'Upload request';
          const files = await countLiveFilesBelow(tx, request.folderId);
          await notify(tx, request.userId, filledNotification(request, folderName, files));
          filled.push({ request, folderName, files });
        }
        return { closed, filled };
      });
      for (const { request, folderName, files } of filled) {
        await tellOwnerOfFilled(ctx, request, folderName, files).catch((error: unknown) =>
          ctx.log.error({ err: error, requestId: request.id }, 'could not mail a filled request'),
        );
      }
      await endUploadsOfClosedLinks(ctx, 'request', (ids) => requestsOpenForUploads(ctx.db, ids, ctx.clock.now()));
      return { more: closed.length === BATCH };
    },
  };
}
