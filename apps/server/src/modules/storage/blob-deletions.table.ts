import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Blobs whose rows are gone for good, written in the same transaction as the deletion (an outbox):
 * the request answers at once, a job deletes the bytes, and a failed deletion is tried again instead
 * of leaving an orphan nobody knows about.
 */
export const blobDeletions = pgTable(
  'blob_deletions',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blob_deletions_created_idx').on(t.createdAt)],
);
