import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from '../files/items.table.js';
import { teamPermissions } from '../files/teams.table.js';
import { users } from '../users/users.table.js';

export const invitationStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/**
 * Invitations into a team folder (ADR 0029). The id is random and is what the mail links to; only
 * the invitee, signed in with the invited email, accepts or declines. Rows stay after they are
 * used, declined or withdrawn (a dissolved team withdraws its pending ones), so a late click
 * answers 410 instead of 404.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As typed, trimmed; compared case-insensitively. */
    email: text('email').notNull(),
    permission: text('permission', { enum: teamPermissions }).notNull(),
    /** The invitee's avatar colour until they have an account. */
    color: text('color').notNull(),
    status: text('status', { enum: invitationStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // One pending invitation per email and folder.
    uniqueIndex('team_invitations_pending_unique')
      .on(t.folderId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    // The invitee's pending invitations (a new account with that email; the member limit).
    index('team_invitations_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('team_invitations_inviter_idx').on(t.inviterId),
  ],
);
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
