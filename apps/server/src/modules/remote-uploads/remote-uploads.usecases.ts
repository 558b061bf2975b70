import type { RemoteUploadRequest, RemoteUploadResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { notFound } from '../../lib/errors.js';
import { mayContinue } from '../access/index.js';
import { authorizeFolder, homeOf, scopeOf, type Actor, type LinkActor } from '../files/index.js';
import { admitUpload } from '../uploads/index.js';
import { failuresOf, findBatch, insertBatch } from './remote-uploads.repository.js';
import type { RemoteUploadBatchRow } from './remote-uploads.table.js';

export const REMOTE_UPLOADS_JOB = 'remote-uploads';

/** A link opened again when its batch's URLs are fetched; `stored` runs after each file it added. */
export interface OpenedLink {
  actor: LinkActor;
  stored?(): Promise<void>;
}

/**
 * How the job opens the links batches were started through, handed over by the composition root
 * (the sharing and file-requests modules sit above this one). Each applies the checks of a live
 * request: a link removed, expired, made read-only or closed meanwhile fails the URLs left.
 */
export interface LinkOpeners {
  share(token: string): Promise<OpenedLink>;
  request(token: string): Promise<OpenedLink>;
}

export async function presentBatch(ctx: AppContext, batch: RemoteUploadBatchRow): Promise<RemoteUploadResource> {
  return {
    data: {
      id: batch.id,
      type: 'remote-upload',
      attributes: {
        status: batch.status,
        total: batch.total,
        processed: batch.processed,
        failed: batch.failed,
        parent_id: batch.parentId,
        failures: batch.failed > 0 ? await failuresOf(ctx.db, batch.id) : [],
      },
    },
  };
}

/**
 * Starts a batch after the same admission as an upload (the folder may be written by the actor, the
 * owner may upload at all) and within the open-batch limits of the actor and of the storage's
 * owner (`remote_upload.queue_full`, ADR 0066); each URL is then fetched by the job with every upload rule applied.
 * `linkToken` names the link the actor came through, so the job can open it again.
 */
export async function startRemoteUpload(
  ctx: AppContext,
  actor: Actor,
  input: RemoteUploadRequest,
  linkToken: string | null = null,
): Promise<RemoteUploadResource> {
  const parent = await authorizeFolder(ctx.db, actor, 'upload', input.parent_id);
  const parentId = parent?.id ?? null;
  await admitUpload(ctx, actor, { parentId, size: undefined, sessionId: null });
  const batch = await insertBatch(ctx.db, {
    // Told of the progress: the user who asked (a member's files still go to the team's owner).
    ownerId: homeOf(actor).id,
    // Takes turns and is capped as the owner whose storage the files fill (ADR 0066).
    storageOwnerId: parent?.ownerId ?? homeOf(actor).id,
    actorKey: scopeOf(actor).actorKey,
    linkToken,
    parentId,
    urls: input.urls,
  });
  ctx.jobs.trigger(REMOTE_UPLOADS_JOB);
  return presentBatch(ctx, batch);
}

/** A batch's progress for whoever started it (the same user, share link or upload request); anyone else: 404. */
export async function remoteUploadStatus(
  ctx: AppContext,
  actor: Actor,
  batchId: string,
): Promise<RemoteUploadResource> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch || !mayContinue(scopeOf(actor).actorKey, batch.actorKey)) throw notFound();
  return presentBatch(ctx, batch);
}
