import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { items } from '../files/index.js';
import { endUploadsOfClosedLinks } from '../uploads/index.js';
import { closeDueRequests, requestsOpenForUploads } from './file-requests.repository.js';
import { tellOwnerOfFilled } from './file-requests.usecases.js';

export const FILE_REQUESTS_JOB = 'file-requests-expiry';
const BATCH = 100;

/**
 * Hourly: requests nobody used within 72 hours expire; requests whose last upload is a day old and
 * that nobody closed are filled, and their owner gets the same mail as when the guest presses Done.
 * Uploads still running through a request that stopped taking files end with it.
 */
export function fileRequestsJob(ctx: AppContext): JobDefinition {
  return {
    name: FILE_REQUESTS_JOB,
    intervalMs: 3_600_000,
    async run() {
      const closed = await closeDueRequests(ctx.db, BATCH);
      const filled = closed.filter((r) => r.status === 'filled');
      if (filled.length) {
        const folders = await ctx.db
          .select({ id: items.id, name: items.name })
          .from(items)
          .where(
            inArray(
              items.id,
              filled.map((r) => r.folderId),
            ),
          );
        const names = new Map(folders.map((f) => [f.id, f.name]));
        for (const request of filled) {
          await tellOwnerOfFilled(ctx, request, names.get(request.folderId) ?? 'Upload request').catch(
            (error: unknown) => ctx.log.error({ err: error, requestId: request.id }, 'could not mail a filled request'),
          );
        }
      }
      await endUploadsOfClosedLinks(ctx, 'request', (ids) => requestsOpenForUploads(ctx.db, ids));
      return { more: closed.length === BATCH };
    },
  };
}
