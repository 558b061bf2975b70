import type { AppContext } from '../../app/context.js';
import { deleteSession } from './upload-sessions.repository.js';
import type { UploadSessionRow } from './upload-sessions.table.js';

/**
 * Ends an upload for good: the row goes first, so a chunk in flight cannot record its part any
 * more, then the storage upload and its parts. Nothing that was stored stays behind.
 */
export async function endSession(ctx: AppContext, session: Pick<UploadSessionRow, 'id' | 'fileId' | 'multipartId'>) {
  await deleteSession(ctx.db, session.id);
  await abortParts(ctx, session);
}

export async function abortParts(ctx: AppContext, session: Pick<UploadSessionRow, 'id' | 'fileId' | 'multipartId'>) {
  try {
    await ctx.storage.abortMultipart(`files/${session.fileId}`, session.multipartId);
  } catch (error) {
    ctx.log.error({ err: error, uploadId: session.id }, 'could not abort the parts of an upload');
  }
}
