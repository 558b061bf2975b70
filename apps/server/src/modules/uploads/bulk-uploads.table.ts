import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { actorRefColumn } from '../access/index.js';

/**
 * One bulk upload request (issue 42, ADR 0075) by its `Idempotency-Key`, scoped to the actor that
 * sent it: the manifest it came with (a retry must send the same), and who is working on it now
 * (a retry while the first runs answers 409). Swept a day after it was made.
 */
export const bulkUploads = pgTable(
  'bulk_uploads',
  {
    /** Who sent it: a user, a share link's or an upload request's guest (`<kind>:<id>`). */
    actorKey: actorRefColumn('actor_key').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** SHA-256 of the manifest as parsed (lowercase hex): another manifest under the same key is refused. */
    manifestSha256: text('manifest_sha256').notNull(),
    /** The process running it now (random per process start), or null once it answered. */
    holder: text('holder'),
    /** Until when `holder`'s claim stands without being renewed (a killed process stops renewing). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorKey, t.idempotencyKey] }), index('bulk_uploads_created_idx').on(t.createdAt)],
);

/**
 * The file a bulk request made for one entry of its manifest, written in the transaction that made
 * the file: a retry answers it with this file and does not make it again.
 */
export const bulkUploadFiles = pgTable(
  'bulk_upload_files',
  {
    actorKey: actorRefColumn('actor_key').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** The entry's place in the manifest. */
    fileIndex: integer('file_index').notNull(),
    /** The file made (not a reference: the file may be removed later, and the answer says so). */
    itemId: uuid('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.actorKey, t.idempotencyKey, t.fileIndex] }),
    index('bulk_upload_files_created_idx').on(t.createdAt),
  ],
);
