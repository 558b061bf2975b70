import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { items } from './items.table.js';

/**
 * Team folders (ADR 0029): a folder of its owner's tree that members reach. The folder keeps its
 * place and its owner; what lies below it is in the team through it (computed by the access
 * policy's walk up, never marked on each item), so moving an item in shares it and moving it out
 * unshares it. These tables are grants of the one access policy, so they live beside it.
 */
export const teamFolders = pgTable(
  'team_folders',
  {
    folderId: uuid('folder_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_folders_owner_idx').on(t.ownerId, t.createdAt)],
);
export type TeamFolderRow = typeof teamFolders.$inferSelect;

export const teamPermissions = ['can_edit', 'can_view'] as const;
export type TeamPermission = (typeof teamPermissions)[number];

/** Who may reach a team folder besides its owner, and how. The owner is never a row here. */
export const teamMembers = pgTable(
  'team_members',
  {
    folderId: uuid('folder_id')
      .notNull()
      .references(() => teamFolders.folderId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission', { enum: teamPermissions }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.userId] }), index('team_members_user_idx').on(t.userId, t.createdAt)],
);
export type TeamMemberRow = typeof teamMembers.$inferSelect;
