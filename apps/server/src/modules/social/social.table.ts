import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Accounts at a sign-in provider linked to a user (ADR 0035): the provider's own id for the person
 * names the link, so a changed email at the provider still signs in the same user. `email` is what
 * the provider said when the link was made, kept for the record. They go with their user.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['google', 'facebook', 'github'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_user_unique').on(t.provider, t.providerUserId),
    index('social_identities_user_idx').on(t.userId),
  ],
);
export type SocialIdentityRow = typeof socialIdentities.$inferSelect;
