import { z } from 'zod';
import { itemResource } from './files.js';

/**
 * Bulk upload (issue 42): many small files in one `multipart/form-data` request.
 *
 * Routes (same access as each door's chunk route):
 * - `POST /api/upload/bulk` (signed-in user)
 * - `POST /api/sharing/upload/bulk/:token` (a share link that may edit)
 * - `POST /api/file-request/:token/upload/bulk` (an upload request)
 *
 * Body: first a text field `manifest` (JSON, {@link bulkManifest}), then one file part per entry,
 * field name `file`, in the manifest's order. Header `Idempotency-Key` (a UUID, required): a
 * retried request with the same key and manifest answers the files already made with the items
 * made the first time, and makes only the rest.
 *
 * Answer 200 {@link bulkUploadResponse}: one outcome per manifest entry, in order. A whole-request
 * refusal (access, malformed body, bounds exceeded, a key reused with another manifest) is an
 * ordinary error answer with its code.
 */

/** Bounds published in `GET /api/config` as `bulkUpload`; the server refuses more. */
export const BULK_UPLOAD_MAX_FILES = 256;
export const BULK_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
/** A file at most this large goes in a bulk request; larger ones take the chunked path. */
export const BULK_UPLOAD_FILE_MAX = 4 * 1024 * 1024;

export const bulkUploadConfig = z.object({
  maxFiles: z.number().int().positive(),
  maxBytes: z.number().int().positive(),
  fileMax: z.number().int().positive(),
});
export type BulkUploadConfig = z.infer<typeof bulkUploadConfig>;

export const bulkManifestEntry = z.object({
  /** The file's name (item-name rules apply). */
  name: z.string().min(1),
  /** Folders inside `parent_id` to put it in, `/`-separated (made as needed), or null. */
  path: z.string().nullable(),
  size: z.number().int().nonnegative(),
  /** The file's modification time on the sender's disk, milliseconds since the epoch. */
  modified_at: z.number().int().nonnegative().nullable(),
  /** SHA-256 of the file's bytes, lowercase hex; a mismatch refuses that file. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BulkManifestEntry = z.infer<typeof bulkManifestEntry>;

export const bulkManifest = z.object({
  parent_id: z.string().uuid().nullable(),
  files: z.array(bulkManifestEntry).min(1).max(BULK_UPLOAD_MAX_FILES),
});
export type BulkManifest = z.infer<typeof bulkManifest>;

export const bulkFileOutcome = z.discriminatedUnion('status', [
  z.object({ index: z.number().int(), status: z.literal('created'), item: itemResource }),
  z.object({ index: z.number().int(), status: z.literal('refused'), code: z.string(), message: z.string() }),
]);
export type BulkFileOutcome = z.infer<typeof bulkFileOutcome>;

export const bulkUploadResponse = z.object({ data: z.array(bulkFileOutcome) });
export type BulkUploadResponse = z.infer<typeof bulkUploadResponse>;
