import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { actorRefColumn } from '../access/index.js';
import { users } from '../users/users.table.js';

/**
 * A remote upload batch (ADR 0027): the URLs one request named, fetched by a background job into
 * `parent_id` in the owner's storage. The counters are kept in step with the URL rows in the
 * transaction that settles each URL.
 */
export const remoteUploadBatches = pgTable(
  'remote_upload_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Who is told (the events and the notification): the user who asked, or a link's owner. The files
     * go to the folder's owner, decided by the access policy when each URL is stored: for a team
     * member, the team folder's owner, and only while they are still a member (ADR 0029).
     */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Whose storage the files land in (the folder's owner; for a team member, the team folder's
     * owner): the job takes turns between these owners, and their open batches are capped (ADR 0066).
     */
    storageOwnerId: uuid('storage_owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked, named as upload sessions name actors (stored as `<kind>:<id>`). */
    actorKey: actorRefColumn('actor_key').notNull(),
    /** A link's token, to open the link again (and so check it is still valid) when each URL is fetched. */
    linkToken: text('link_token'),
    /** The folder the files go to; null is the owner's top level. No foreign key: a folder gone fails the URLs. */
    parentId: uuid('parent_id'),
    status: text('status', { enum: ['queued', 'running', 'done'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Download time its URLs used so far, in ms: capped per batch (REMOTE_UPLOAD_BATCH_SECONDS, ADR 0066). */
    fetchMs: bigint('fetch_ms', { mode: 'number' }).notNull().default(0),
    /** When a URL of it was last claimed: its owner's last turn is the latest of their batches'. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('remote_upload_batches_owner_idx').on(t.storageOwnerId),
    index('remote_upload_batches_open_actor_idx')
      .on(t.actorKey)
      .where(sql`${t.status} <> 'done'`),
  ],
);

/** One URL of a batch: pending, running (claimed until `lease_until`), done or failed with why. */
export const remoteUploadUrls = pgTable(
  'remote_upload_urls',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => remoteUploadBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** Claims so far: a URL whose worker died is tried once more, then failed as interrupted. */
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    errorCode: text('error_code'),
    error: text('error'),
    fileId: uuid('file_id'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.position] }),
    index('remote_upload_urls_open_idx')
      .on(t.queuedAt)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);

export type RemoteUploadBatchRow = typeof remoteUploadBatches.$inferSelect;
export type RemoteUploadUrlRow = typeof remoteUploadUrls.$inferSelect;
