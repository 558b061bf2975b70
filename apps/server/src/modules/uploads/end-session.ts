import type { AppContext } from '../../app/context.js';
import { deleteSession } from './upload-sessions.repository.js';
import type { UploadSessionRow } from './upload-sessions.table.js';

type EndedSession = Pick<UploadSessionRow, 'id' | 'fileId' | 'multipartId' | 'completedFileId'>;

/**
 * Ends an upload for good: the row goes first, so a chunk in flight cannot record its part any
 * more (and a last chunk cannot make its file), then the storage upload and its parts. Nothing that
 * was stored stays behind.
 */
export async function endSession(ctx: AppContext, session: Pick<UploadSessionRow, 'id'>) {
  // Deleted by someone else meanwhile: they clean up what it stored.
  const deleted = await deleteSession(ctx.db, session.id);
  if (deleted) await discardStored(ctx, deleted);
}

/**
 * Removes what an unfinished session stored: its parts and, if they were joined already (the process
 * died before the file was made), its blob. A finished session's blob is its file's: it stays.
 */
export async function discardStored(ctx: AppContext, session: EndedSession) {
  if (session.completedFileId) return;
  try {
    await ctx.storage.abortMultipart(`files/${session.fileId}`, session.multipartId);
    await ctx.storage.delete(`files/${session.fileId}`);
  } catch (error) {
    ctx.log.error({ err: error, uploadId: session.id }, 'could not remove the parts of an upload');
  }
}
