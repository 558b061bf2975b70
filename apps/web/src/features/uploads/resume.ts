import type { AppConfig } from '@filestore/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  isOrphan,
  xhrTransport,
  type ChunkDestination,
  type QueuedFile,
  type RestoredItem,
  type StoredDestination,
} from '../../lib/upload';
import { bindHooks } from './start-upload';
import { offerResume } from './upload-signal';
import { queueStore, setUploadConfig, uploads } from './upload-store';

/** Stands in for the upload id in a stored discard address (see the engine's `stateOf`). */
const ID_PLACEHOLDERS = ['{upload_id}', encodeURIComponent('{upload_id}')];

export function destinationOf(stored: StoredDestination | null): ChunkDestination | undefined {
  if (!stored) return undefined;
  return {
    chunks: stored.chunks,
    ...(stored.bulk ? { bulk: stored.bulk } : {}),
    discard: (uploadId) => {
      const id = encodeURIComponent(uploadId);
      return ID_PLACEHOLDERS.reduce((url, placeholder) => url.replace(placeholder, id), stored.discard);
    },
  };
}

/** Files nobody is sending any more: this tab's before a reload, or a tab that is gone. */
async function orphans(): Promise<QueuedFile[]> {
  return (await queueStore.load()).filter(({ state }) => isOrphan(state));
}

async function readable(file: Blob): Promise<boolean> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * What to do with a stored file: go on where it stopped; start again from zero when it changed
 * on disk since (another size or modification time); or report it when it can't be read at all.
 */
export async function restoredItem({ state, file }: QueuedFile): Promise<RestoredItem> {
  const modified = file instanceof File ? file.lastModified : null;
  const changed =
    file.size !== state.size || (state.lastModified !== null && modified !== null && modified !== state.lastModified);
  return {
    file,
    name: state.name,
    lastModified: modified ?? state.lastModified,
    parentId: state.parentId,
    path: state.path,
    destination: destinationOf(state.destination),
    state,
    restart: changed,
    unreadable: !(await readable(file)),
  };
}

/** Puts the unfinished files back in the queue; finished ones were never kept, so none goes twice. */
export async function resumeUploads(target: { config: AppConfig; queryClient: QueryClient }): Promise<void> {
  offerResume(0);
  bindHooks(target);
  setUploadConfig(target.config);
  const found = await orphans();
  uploads.restore(await Promise.all(found.map(restoredItem)));
}

/** Forgets the unfinished files, and tells the server to drop the sessions it holds for them. */
export async function discardUploads(): Promise<void> {
  offerResume(0);
  const found = await orphans();
  const transport = xhrTransport();
  await Promise.all(
    found
      .filter(({ state }) => state.started)
      .map(({ state }) => transport.discard(state.uploadId, destinationOf(state.destination))),
  );
  queueStore.remove(found.map(({ state }) => state.key));
  await queueStore.flush();
}
