import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each background job last ran on any node and how it ended (ADR 0042): what the server
 * status shows, so a node whose jobs stopped is seen from whichever node answers.
 */
export const jobHeartbeats = pgTable('job_heartbeats', {
  name: text('name').primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
});
export type JobHeartbeatRow = typeof jobHeartbeats.$inferSelect;
