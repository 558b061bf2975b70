import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { actorRefColumn } from '../access/index.js';
import { users } from '../users/users.table.js';

export interface StoredPart {
  partNumber: number;
  etag: string;
}

/**
 * A file arriving in chunks. Lives in the database so that any node can take the next chunk, and
 * so a job can abort sessions that stopped. Its bytes count against the owner's quota while it
 * runs (so parallel uploads cannot overshoot) but never as used storage.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    /** The client's `upload_id`. */
    id: uuid('id').primaryKey(),
    /** Who may send the next chunk: a user, a share link's or an upload request's guest (stored as `<kind>:<id>`). */
    actorKey: actorRefColumn('actor_key').notNull(),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file's id once it exists; also names its blob (`files/<fileId>`). */
    fileId: uuid('file_id').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    extension: text('extension'),
    path: text('path'),
    size: bigint('size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    multipartId: text('multipart_id').notNull(),
    parts: jsonb('parts').$type<StoredPart[]>().notNull().default([]),
    contentType: text('content_type').notNull(),
    /**
     * Set when the last chunk made the file. The row stays a while so that a client whose answer to
     * the last chunk got lost can send it again and get the same file, not a 404 or a duplicate.
     */
    completedFileId: uuid('completed_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_sessions_owner_idx').on(t.ownerId), index('upload_sessions_updated_idx').on(t.updatedAt)],
);

export type UploadSessionRow = typeof uploadSessions.$inferSelect;
