import { useSyncExternalStore } from 'react';
import { UploadEngine, xhrTransport, type UploadSnapshot } from '../../lib/upload';

let chunkSize = 64 * 1024 * 1024;

/** The one upload queue of the tab: the panel shows it, the pickers and drops feed it. */
export const uploads = new UploadEngine({ transport: xhrTransport(), chunkSize: () => chunkSize });

/** config.chunkSize, kept current by the actions hook (the admin may change it). */
export function setChunkSize(bytes: number): void {
  if (Number.isFinite(bytes) && bytes > 0) chunkSize = bytes;
}

export function useUploads(): UploadSnapshot {
  return useSyncExternalStore(uploads.subscribe, uploads.getSnapshot);
}
