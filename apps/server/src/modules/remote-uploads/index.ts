import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import type { RemoteNetwork } from './address-guard.js';
import { remoteUploadsJob } from './remote-uploads.job.js';
import { remoteUploadsRoutes } from './remote-uploads.routes.js';
import type { LinkOpeners } from './remote-uploads.usecases.js';

export { remoteUploadStatus, startRemoteUpload, REMOTE_UPLOADS_JOB } from './remote-uploads.usecases.js';
export type { LinkOpeners, OpenedLink } from './remote-uploads.usecases.js';
export type { RemoteNetwork } from './address-guard.js';
export { remoteUploadBatches, remoteUploadUrls } from './remote-uploads.table.js';

/**
 * Remote upload (ADR 0027): the signed-in user's routes, and the job fetching every batch's URLs,
 * which opens the links batches came through with `openers` (the share-editor and upload-request
 * routes live in their modules and call `startRemoteUpload`). `network` is for tests only.
 */
export function remoteUploadsModule(app: TypedApp, ctx: AppContext, openers: LinkOpeners, network?: RemoteNetwork) {
  ctx.jobs.register(remoteUploadsJob(ctx, openers, network));
  // At start-up: URLs a crash of the previous run left behind go on.
  ctx.jobs.trigger('remote-uploads');
  remoteUploadsRoutes(app, ctx);
}
