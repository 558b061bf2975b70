import type { AppConfig, BulkUploadConfig } from '@filestore/contract';
import { useSyncExternalStore } from 'react';
import {
  IdbQueueStore,
  UploadEngine,
  accountUploads,
  startHeartbeat,
  xhrTransport,
  type UploadSnapshot,
} from '../../lib/upload';

let chunkSize = 64 * 1024 * 1024;
let bulk: BulkUploadConfig | null = null;

/** What is queued and half sent, kept in IndexedDB so a reload or a crashed tab can resume it (ADR 0076). */
export const queueStore = new IdbQueueStore();

/** The one upload queue of the tab: the panel shows it, the pickers and drops feed it. */
export const uploads = new UploadEngine({
  transport: xhrTransport(),
  chunkSize: () => chunkSize,
  bulk: () => bulk,
  bulkUrl: accountUploads.bulk,
  store: queueStore,
});

// While this tab holds a queue, other tabs leave its files alone.
if (typeof window !== 'undefined') startHeartbeat();

/** config.chunkSize, kept current by the actions hook (the admin may change it). */
export function setChunkSize(bytes: number): void {
  if (Number.isFinite(bytes) && bytes > 0) chunkSize = bytes;
}

/** The server's chunk size and bulk bounds, read as each upload starts. */
export function setUploadConfig(config: Pick<AppConfig, 'chunkSize'> & Partial<Pick<AppConfig, 'bulkUpload'>>): void {
  setChunkSize(config.chunkSize);
  // A server without the bulk call (older, or a test double): every file goes in chunks.
  bulk = config.bulkUpload ?? null;
}

export function useUploads(): UploadSnapshot {
  return useSyncExternalStore(uploads.subscribe, uploads.getSnapshot);
}
