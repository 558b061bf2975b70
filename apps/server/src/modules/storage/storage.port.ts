import type { Readable } from 'node:stream';

/**
 * Bytes to store: a buffer, or chunks as they arrive (a Node stream is one). The local driver writes
 * chunks as they come; the S3 driver streams them to the SDK.
 */
export type BlobBody = Buffer | AsyncIterable<Buffer>;

/**
 * The blob-shaped port every storage backend implements. Keys are opaque, derived from ids
 * (`files/<uuid>`, `thumbs/<uuid>/small`), never user-chosen names: renames and moves only touch
 * database rows, and a local root can be synced to a bucket one-to-one.
 *
 * Multipart contract (see docs/adr/0004-storage-port.md): every part except the last must be at
 * least MIN_PART_SIZE bytes, because S3 refuses smaller ones when the upload completes and we never
 * funnel S3 uploads through a local disk to re-chunk them. The upload module therefore fixes one
 * chunk size per session with `choosePartSize` and maps chunk n onto part n; re-sending a part
 * number replaces it, so a retried chunk is idempotent. Every driver enforces the rule, so an
 * upload that works on a local disk also works on S3.
 */
export interface StorageDriver {
  readonly name: 'local' | 's3';
  /** Streams the body to the blob, replacing any previous one; readers never see a partial blob. */
  put(key: string, body: BlobBody, opts?: PutOptions): Promise<{ size: number }>;
  /**
   * Throws not_found for a missing blob and 416 when `range.start` lies beyond its end. Piped into
   * a socket, the local driver's body reads into reused buffers (local.read-stream.ts). Aborting
   * `opts.signal` cancels the request (S3) and destroys the body: a zip whose client went away
   * leaves no read running.
   */
  get(key: string, range?: ByteRange, opts?: GetOptions): Promise<BlobStream>;
  head(key: string): Promise<BlobInfo | null>;
  /** Idempotent: deleting a missing blob succeeds. */
  delete(key: string): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Replaces `to`; throws not_found when `from` is missing. */
  copy(from: string, to: string): Promise<void>;
  createMultipart(key: string, opts?: { contentType?: string }): Promise<string>;
  /** `size` is the exact byte count of `body`; a short or long body is refused. */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: BlobBody,
    size: number,
  ): Promise<{ etag: string }>;
  /** Parts may come in any order; the blob appears atomically when this resolves. */
  completeMultipart(key: string, uploadId: string, parts: readonly UploadedPart[]): Promise<void>;
  /** Idempotent: aborting an unknown or finished upload succeeds. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** A time-limited URL the browser downloads from directly; only backends that have one. */
  signedUrl?(key: string, opts: SignedUrlOptions): Promise<string>;
  /** Writes and deletes a small blob: the only honest proof that the backend accepts our bytes. */
  probe(): Promise<void>;
  /**
   * Removes what writes of dead processes left in the backend's scratch space (the local driver's
   * temp files after a kill -9); how many went. Backends without one have no such method.
   */
  removeAbandonedTemp?(): Promise<number>;
  /** Releases sockets; the setup wizard swaps drivers while the process runs. */
  close(): Promise<void>;
}

export interface PutOptions {
  contentType?: string;
  /** When known, the byte count is checked and S3 can stream in a single request. */
  size?: number;
}

export interface GetOptions {
  signal?: AbortSignal;
}

/** Inclusive byte offsets like HTTP `Range: bytes=start-end`; no `end` means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface BlobInfo {
  size: number;
  contentType?: string;
}

/**
 * Bytes only: the content type is head()'s (callers serve the type they recorded). Reading it here
 * cost the local driver four more trips through libuv's thread pool per download, queued behind the
 * 1 MiB reads of every other download: 40-80 ms before the first byte during 16 parallel ranges.
 */
export interface BlobStream {
  body: Readable;
  /** Size of the whole blob, for `Content-Range: bytes a-b/size`. */
  size: number;
  /** Bytes in `body`. */
  contentLength: number;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/** What the signed URL answers with is part of its signature: nobody can change it by editing the URL. */
export interface SignedUrlOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** Named in Content-Disposition (RFC 6266 `filename*`). */
  filename: string;
  contentType?: string;
  disposition?: 'attachment' | 'inline';
  cacheControl?: string;
}

export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Smallest part size that keeps a file of `totalSize` bytes within MAX_PARTS, never below `preferred`. */
export function choosePartSize(totalSize: number, preferred = 8 * 1024 * 1024): number {
  const needed = Math.ceil(totalSize / MAX_PARTS);
  const mib = 1024 * 1024;
  return Math.max(preferred, MIN_PART_SIZE, Math.ceil(needed / mib) * mib);
}
