import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationCategories, type NotificationAction } from '@filestore/contract';
import { users } from '../users/users.table.js';

/** A user's notifications (spec §3): unread while `read_at` is null. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: notificationCategories }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /**
     * The catalogue kind and values the reader's language renders (ADR 0073); null for the
     * notifications stored before it, shown with their stored text.
     */
    messageKey: text('message_key'),
    messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
    action: jsonb('action').$type<NotificationAction>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt, t.id)],
);
export type NotificationRow = typeof notifications.$inferSelect;
