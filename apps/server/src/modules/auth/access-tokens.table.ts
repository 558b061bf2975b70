import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Personal access tokens (ADR 0032): the secret is shown once; the table keeps only its SHA-256
 * (`token_hash`, looked up on every bearer request). They go with their user.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('personal_access_tokens_hash_unique').on(t.tokenHash),
    index('personal_access_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);
export type PersonalAccessTokenRow = typeof personalAccessTokens.$inferSelect;
