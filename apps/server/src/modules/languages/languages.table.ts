import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The installed languages (ADR 0044). What a language serves is the product's catalogue for its
 * locale (English where there is none) plus its rows in `language_strings`; `version` goes up on
 * every edit, so a served catalogue's ETag changes at once on every node.
 */
export const languages = pgTable('languages', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** BCP 47, as `Intl.getCanonicalLocales` writes it (`en`, `de`, `pt-BR`). */
  locale: text('locale').notNull().unique(),
  name: text('name').notNull(),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LanguageRow = typeof languages.$inferSelect;

/** Only the strings an administrator edited; every other key is the shipped text. */
export const languageStrings = pgTable(
  'language_strings',
  {
    languageId: uuid('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.languageId, t.key] })],
);
