import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Folders and files in one tree (ADR 0005). One table keeps names unique across both with one
 * index, lets a listing put folders before files from one index, and lets a subtree be walked by
 * one recursive query.
 */
export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['folder', 'file'] }).notNull(),
    /** Whose tree (and whose storage) the item belongs to. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who made it; differs from the owner for share editors and upload-request guests (null). */
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null at the owner's root. */
    parentId: uuid('parent_id').references((): AnyPgColumn => items.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    emoji: text('emoji'),
    // Files only.
    extension: text('extension'),
    mimetype: text('mimetype'),
    category: text('category', { enum: ['image', 'video', 'audio', 'document', 'other'] }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Storage key of the bytes, derived from the id, never from the name (`files/<id>`). */
    blobKey: text('blob_key'),
    thumbnailStatus: text('thumbnail_status', { enum: ['pending', 'ready', 'failed'] }),
    thumbnailAttempts: integer('thumbnail_attempts').notNull().default(0),
    thumbnailClaimedAt: timestamp('thumbnail_claimed_at', { withTimezone: true }),
    width: integer('width'),
    height: integer('height'),
    // Folders only: live direct children, kept in the same transaction as every change.
    folderCount: integer('folder_count').notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    /**
     * Set on an item the owner put in the trash, and on nothing below it (ADR 0005): what lies
     * below a trashed folder is in the trash through it (`item_trashed_by`).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live item per name in a folder (case-insensitively and after Unicode NFC, like the file
    // systems zips end up on: é typed as one or as two code points is one name; ADR 0067).
    uniqueIndex('items_live_name_unique')
      .on(
        t.ownerId,
        sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`lower(normalize(${t.name}, NFC))`,
      )
      .where(sql`${t.deletedAt} is null`),
    // Listing: one range scan per phase (folders, then files) in any sort order and direction.
    index('items_browse_created_idx')
      .on(t.ownerId, t.parentId, t.type, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('items_browse_name_idx')
      .on(t.ownerId, t.parentId, t.type, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('items_browse_size_idx')
      .on(t.ownerId, t.parentId, t.type, t.size, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('items_browse_type_idx')
      .on(t.ownerId, t.parentId, t.type, sql`coalesce(${t.extension}, '')`, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Walking a subtree downwards, trashed or not.
    index('items_parent_idx').on(t.parentId),
    index('items_latest_idx')
      .on(t.ownerId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.type} = 'file'`),
    // The trash's top level (every item with deleted_at), newest deletion first, one range per type.
    index('items_trash_tops_idx')
      .on(t.ownerId, t.type, t.deletedAt, t.id)
      .where(sql`${t.deletedAt} is not null`),
    // Search for one or two letters: a prefix range of the owner's names (trigrams need three).
    index('items_name_prefix_idx')
      .on(t.ownerId, sql`lower(${t.name}) text_pattern_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('items_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('items_thumbnail_pending_idx')
      .on(t.thumbnailStatus, t.createdAt)
      .where(sql`${t.thumbnailStatus} = 'pending'`),
    // No (owner_id, category) index: usage reads live files from items_latest_idx and trashed ones
    // from items_trash_tops_idx and the trashed folders' subtrees; every index costs each upload.
  ],
);

export type ItemRow = typeof items.$inferSelect;
export type NewItemRow = typeof items.$inferInsert;

/** Folders a user starred (spec: favourites), shown in the navigator. */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('favourites_item_idx').on(t.itemId)],
);
