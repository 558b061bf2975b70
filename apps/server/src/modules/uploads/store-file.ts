import type { ItemResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { isDatabaseUnavailable } from '../../lib/db/database.js';
import { notFound } from '../../lib/errors.js';
import {
  categoryFor,
  ensureFolderPath,
  folderCreationRestricted,
  extensionOf,
  insertItem,
  authorizeFolder,
  authorizeOne,
  presentItem,
  presentingFor,
  publishItemsChanged,
  scopeIn,
  type Actor,
  type LoadedItem,
} from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { restrictionsFor } from '../users/index.js';
import { canThumbnail } from '../thumbnails/index.js';
import type { Admission } from './admission.js';
import { assertMayStore } from './upload-policy.js';
import { completeSession, findSession, lockOwner, reservedBytes } from './upload-sessions.repository.js';

/**
 * How long the settings read when a request was admitted stand for the transaction that makes its
 * file. A small file arrives within milliseconds, and reading them again cost a statement per file
 * on the embedded database, which runs one at a time for every client; a large one is checked
 * against the settings of the moment its last byte arrived, as before.
 */
export const SETTINGS_REUSE_MS = 1000;

export interface StoredBlob {
  fileId: string;
  blobKey: string;
  parentId: string | null;
  /** Folders to find or create under the parent, outermost first. */
  folders: readonly string[];
  name: string;
  mimetype: string;
  size: number;
  /** The session the bytes came through; it is marked done in the same transaction. */
  sessionId: string | null;
  /** Whose storage the file goes to (the folder's owner, as admitted), whose tree is locked. */
  ownerId: string;
}

/**
 * Turns a complete blob into a file of the tree in one short transaction: the owner's row is
 * locked, the quota is checked with the final size, the folders of `path` are found or made, the
 * file is inserted (with a free name) and the session ends. If any of it fails the blob goes too,
 * so no byte is ever stored without a file that counts it; only a session's blob stays when the
 * database is away, because the session still counts it and its last chunk, sent again, finishes it.
 * Finishing the same session twice at once (a retried last chunk) makes one file: the second finds
 * the session done under the owner's lock and answers with the first's file.
 */
export async function storeFile(
  ctx: AppContext,
  actor: Actor,
  blob: StoredBlob,
  admitted?: Pick<Admission, 'settings' | 'readAt'>,
): Promise<ItemResource> {
  const extension = extensionOf(blob.name);
  let row;
  // The folder the transaction loaded, to present the new file with its parent's name.
  const loaded: { parent: LoadedItem | null } = { parent: null };
  try {
    // The settings this request was admitted with, unless its bytes took long to arrive: then the
    // file is checked against the settings of now (an admin may have changed them meanwhile).
    const settings =
      admitted && Date.now() - admitted.readAt <= SETTINGS_REUSE_MS ? admitted.settings : await readSettings(ctx.db);
    row = await ctx.db.transaction(async (tx) => {
      const owner = await lockOwner(tx, blob.ownerId);
      if (!owner) throw notFound();
      if (blob.sessionId) {
        const session = await findSession(tx, blob.sessionId);
        // Cancelled while the parts were being joined: the file must not appear.
        if (!session) throw notFound();
        if (session.completedFileId === blob.fileId) return null;
      }
      const parent = await authorizeFolder(tx, actor, 'upload', blob.parentId);
      loaded.parent = parent;
      // The file is the folder's owner's (a team folder's owner's: ADR 0029), whose tree is locked.
      const scope = scopeIn(actor, parent, [owner.id]);
      const reserved = await reservedBytes(tx, owner.id, blob.sessionId);
      assertMayStore({ owner, settings, reserved }, blob.size);
      // Folders an upload creates are folders like any other: the same restriction applies.
      const restrictions = restrictionsFor(owner, settings);
      if (blob.folders.length && !restrictions.canCreateFolder) throw folderCreationRestricted(restrictions.reason);
      const parentId = await ensureFolderPath(tx, scope, parent?.id ?? null, blob.folders);
      const file = await insertItem(tx, {
        id: blob.fileId,
        ownerId: scope.ownerId,
        creatorId: scope.creatorId,
        parentId,
        type: 'file',
        name: blob.name,
        extension,
        mimetype: blob.mimetype,
        category: categoryFor(blob.mimetype, extension),
        size: blob.size,
        blobKey: blob.blobKey,
        thumbnailStatus: canThumbnail(blob.mimetype, blob.size) ? 'pending' : null,
      });
      // Cancelled while the parts were being joined: the file must not appear.
      if (blob.sessionId && !(await completeSession(tx, blob.sessionId, blob.fileId))) throw notFound();
      // The file's folder, and the one a folder upload made its first new folder in.
      await publishItemsChanged(tx, [
        { ownerId: scope.ownerId, folderId: parentId },
        { ownerId: scope.ownerId, folderId: parent?.id ?? null },
      ]);
      return file;
    });
  } catch (error) {
    if (!(blob.sessionId && isDatabaseUnavailable(error))) {
      await ctx.storage.delete(blob.blobKey).catch((e: unknown) => ctx.log.error({ err: e }, 'orphan blob left'));
    }
    throw error;
  }
  // Another copy of the last chunk made the file first.
  if (!row) {
    row = await authorizeOne(ctx.db, actor, 'view', blob.fileId, { state: 'any' });
    return presentItem(ctx, row, presentingFor(actor));
  }
  // Counted once, by the request that made the file: the owner's storage took its bytes in.
  ctx.traffic.countUpload(row.ownerId, blob.size);
  if (row.thumbnailStatus === 'pending') ctx.jobs.trigger('thumbnails');
  // Made just now, in the folder loaded above: its parent's name is known and nothing refers to it yet.
  const known = loaded.parent;
  const parents = known && row.parentId === known.id ? new Map([[known.id, known.name]]) : undefined;
  return presentItem(ctx, row, { ...presentingFor(actor), parents, fresh: true });
}
