/** The chunked upload engine (spec §4, §5, §8): plain TypeScript, no React. */
export {
  UploadEngine,
  folderOf,
  packBatch,
  type EngineHooks,
  type RestoredItem,
  type FailureKind,
  type UploadFailure,
  type UploadItem,
  type UploadSnapshot,
  type UploadStatus,
  type UploadTask,
} from './engine';
export { blockedType, checkFiles, isSystemJunk, type CheckResult, type UploadRules } from './checks';
export {
  fromFileList,
  planUpload,
  readDropped,
  takeEntries,
  type DroppedItems,
  type FolderUpload,
  type SourceTree,
} from './entries';
export { accountUploads, xhrTransport, type ChunkDestination, type ChunkTransport } from './transport';
export { sha256Hex } from './hash';
export {
  IdbQueueStore,
  isOrphan,
  startHeartbeat,
  tabId,
  type QueueStore,
  type QueuedFile,
  type QueuedState,
  type StoredDestination,
} from './queue-store';
