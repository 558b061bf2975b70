import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { fileRequestGuestRoutes } from './file-request-guest.routes.js';
import { fileRequestsJob } from './file-requests.job.js';
import { fileRequestRoutes } from './file-requests.routes.js';

export { FILE_REQUESTS_JOB } from './file-requests.job.js';
export { fileRequests, type FileRequestRow } from './file-requests.table.js';
export { openRequest } from './request-access.js';
export { touchLastUpload } from './file-requests.repository.js';

/** Upload requests: making them, the guest's API inside the request's folder, and their expiry. */
export function fileRequestsModule(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(fileRequestsJob(ctx));
  fileRequestRoutes(app, ctx);
  fileRequestGuestRoutes(app, ctx);
}
