import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * What administrators did (ADR 0040), written in the same transaction as the action itself. The
 * target is kept by id and email without a foreign key: the entry outlives a deleted account.
 * `details` never holds a secret's value.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    targetEmail: text('target_email'),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt, t.id),
    index('admin_audit_target_idx').on(t.targetUserId, t.createdAt, t.id),
  ],
);
export type AdminAuditRow = typeof adminAudit.$inferSelect;

/**
 * An account being deleted by the background job (ADR 0040): the job works through it a batch at
 * a time, each batch one transaction, so a crash resumes where the last commit left it. The row
 * stays once done (without a foreign key) so the administrator's screen can show the end.
 */
export const userDeletions = pgTable(
  'user_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    phase: text('phase', { enum: ['teams', 'files', 'folders', 'account', 'done'] })
      .notNull()
      .default('teams'),
    totalItems: integer('total_items').notNull().default(0),
    deletedItems: integer('deleted_items').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_deletions_user_unique').on(t.userId),
    index('user_deletions_running_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'running'`),
  ],
);
export type UserDeletionRow = typeof userDeletions.$inferSelect;
