import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/users.table.js';

/**
 * The transactional outbox of real-time events (issue 13): a row is written in the same transaction
 * as the change that caused it, and a dispatcher sends undelivered rows to the user's private
 * room, in id order, then marks them delivered. A crash between commit and send loses nothing.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_undelivered_idx')
      .on(t.id)
      .where(sql`${t.deliveredAt} is null`),
    index('outbox_events_delivered_idx').on(t.deliveredAt),
  ],
);
