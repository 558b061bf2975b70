import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Application settings; keys and value types are declared in settings.registry.ts. */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
