import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from '../files/items.table.js';
import { users } from '../users/users.table.js';

/**
 * Upload requests (spec §3): a guest with the link uploads into the request's own folder, and only
 * there. The folder is made when the request is, inside the folder its owner chose.
 */
export const fileRequests = pgTable(
  'file_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'filled', 'expired'] })
      .notNull()
      .default('active'),
    notes: text('notes'),
    /** Where to tell someone about the request (mailed the link on creation). */
    email: text('email'),
    lastUploadAt: timestamp('last_upload_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_requests_token_unique').on(t.token),
    index('file_requests_user_idx').on(t.userId, t.createdAt),
    index('file_requests_status_idx').on(t.status, t.createdAt),
  ],
);
export type FileRequestRow = typeof fileRequests.$inferSelect;
