export { createStorageDriver } from './create-driver.js';
export { probeStorage } from './probe.js';
export { contentDisposition } from './content-disposition.js';
export {
  DEFAULT_CONTENT_TYPE,
  MAX_PARTS,
  MIN_PART_SIZE,
  choosePartSize,
  type BlobInfo,
  type BlobStream,
  type ByteRange,
  type GetOptions,
  type PutOptions,
  type SignedUrlOptions,
  type StorageDriver,
  type UploadedPart,
} from './storage.port.js';
export { BLOB_DELETIONS_JOB, blobDeletionsJob, queueBlobDeletions } from './blob-deletions.js';
