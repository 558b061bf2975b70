import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A jsonb value exactly as the driver hands it over (node-postgres and PGlite both parse jsonb).
 * Drizzle's own `jsonb` parses a string once more, so the text "1" came back as the number 1 and
 * "true" as the boolean, which the text setting then refused, falling back to its default.
 */
const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

/** Application settings; keys and value types are declared in settings.registry.ts. */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: jsonValue('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
