import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * A user's passkeys (WebAuthn credentials, ADR 0034): the public key and the signature counter the
 * authenticator reported last. `credential_id` is unique across all users: the same credential
 * cannot be registered twice. They go with their user.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser sends it in `id`. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** Synced by its provider (WebAuthn's backup state). */
    backedUp: boolean('backed_up').notNull().default(false),
    aaguid: text('aaguid'),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
  ],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * A WebAuthn challenge waiting for its answer, single-use (deleted as it is checked) and good for
 * five minutes. `bound_to` is what it was issued to: the session's id (registering), the pending
 * two-factor sign-in's id (second factor), or the SHA-256 of the browser's `filestore_passkey`
 * cookie (signing in without a password). One per purpose and binding: asking again replaces it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    purpose: text('purpose', { enum: ['register', 'sign-in', 'second-factor'] }).notNull(),
    boundTo: text('bound_to').notNull(),
    challenge: text('challenge').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.boundTo] }), index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
