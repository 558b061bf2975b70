import { sql } from 'drizzle-orm';
import { languages } from '../languages/languages.table.js';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    color: text('color').notNull(),
    avatarKey: text('avatar_key'),
    themeMode: text('theme_mode', { enum: ['light', 'dark', 'system'] })
      .notNull()
      .default('system'),
    emojiType: text('emoji_type', { enum: ['twemoji', 'applemoji'] })
      .notNull()
      .default('twemoji'),
    /** One of the contract's `TIMEZONE_OFFSETS` (decimal hours as text), or null for the browser's zone. */
    timezone: text('timezone'),
    /** The postal address and phone invoices print (one line each; the country an ISO 3166-1 code). */
    address: text('address'),
    state: text('state'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    phoneNumber: text('phone_number'),
    /** Whether notifications a user would want by mail also go out by mail (issue 13). */
    mailNotifications: boolean('mail_notifications').notNull().default(true),
    /** The installed language they read the app and mails in (ADR 0044); null: the app's default. */
    language: text('language').references(() => languages.locale, { onDelete: 'set null', onUpdate: 'cascade' }),
    oauthProvider: text('oauth_provider'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The TOTP secret, sealed with AES-256-GCM under a key derived from the app key (ADR 0031);
     * set from "enable" on, in force only once `twoFactorConfirmedAt` is set.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    /** The last 30-second time step whose code was accepted: no code of it or before works again. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** Exact bytes of live and trashed blobs, kept in the same transaction as every file change. */
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    /** Per-user capacity in bytes; null means the default from settings. */
    storageCapacity: bigint('storage_capacity', { mode: 'number' }),
    maxTeamMembers: integer('max_team_members'),
    /**
     * Why metered billing restricts the account (reference §15.1), kept by the billing module in the
     * transaction that changes the dunning or the failed payments, so `restrictionsFor` reads it
     * from the row (ADR 0045): null, or the reason's key.
     */
    billingRestriction: text('billing_restriction', {
      enum: ['limit_usage_in_new_accounts', 'usage_bigger_than_balance', 'failed_payments'],
    }),
    /** Live folders and files at the root of the user's tree, kept like a folder's counts. */
    rootFolderCount: integer('root_folder_count').notNull().default(0),
    rootFileCount: integer('root_file_count').notNull().default(0),
    /**
     * Set by an administrator (ADR 0040): no sign-in of any kind, no session or token acts for the
     * user, and their share links and upload requests answer `link.owner_unavailable`.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Set when an administrator asked to delete the account: blocked like a suspension until the job removes it. */
    deletingAt: timestamp('deleting_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
