import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from '../files/items.table.js';
import { users } from '../users/users.table.js';

/**
 * Share links (spec §1): one per item. The token is long and random (at least 128 bits) and is the
 * only thing a visitor needs; the password is an argon2id hash.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['folder', 'file'] }).notNull(),
    permission: text('permission', { enum: ['visitor', 'editor'] }).notNull(),
    passwordHash: text('password_hash'),
    /** The option chosen, in hours (null: never); `expiresAt` is when it runs out. */
    expireIn: integer('expire_in'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shares_token_unique').on(t.token),
    uniqueIndex('shares_item_unique').on(t.itemId),
    index('shares_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('shares_expires_idx').on(t.expiresAt),
  ],
);
export type ShareRow = typeof shares.$inferSelect;

/**
 * A browser that gave a protected link's password: the cookie holds a random token, the table its
 * SHA-256, so any node can check it and changing the password (or revoking) locks everyone out again.
 */
export const shareUnlocks = pgTable(
  'share_unlocks',
  {
    id: text('id').primaryKey(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('share_unlocks_share_idx').on(t.shareId), index('share_unlocks_expires_idx').on(t.expiresAt)],
);

/**
 * What became of links that are gone, so a visitor reads "removed" or "expired" rather than "not
 * found" (ADR 0019). Only the token's SHA-256, the reason and the time: nothing about the owner or
 * the item survives the link. Kept for a year.
 */
export const shareTombstones = pgTable(
  'share_tombstones',
  {
    tokenHash: text('token_hash').primaryKey(),
    reason: text('reason', { enum: ['revoked', 'expired'] }).notNull(),
    goneAt: timestamp('gone_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_tombstones_gone_idx').on(t.goneAt)],
);
export type TombstoneReason = (typeof shareTombstones.$inferSelect)['reason'];
