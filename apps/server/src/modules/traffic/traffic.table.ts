import { bigint, date, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Bytes a user's files took in and sent out, one row per user per UTC day (ADR 0042). The source of
 * truth for bandwidth: the dashboard's chart reads it, metered billing will. The rows go with the
 * account (its foreign key), so a deleted user leaves no traffic behind.
 */
export const traffic = pgTable(
  'traffic',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    uploadBytes: bigint('upload_bytes', { mode: 'number' }).notNull().default(0),
    downloadBytes: bigint('download_bytes', { mode: 'number' }).notNull().default(0),
  },
  // The dashboard sums every user's days of the last weeks.
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('traffic_day_idx').on(t.day)],
);
export type TrafficRow = typeof traffic.$inferSelect;
