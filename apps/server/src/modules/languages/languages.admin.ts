import {
  builtInCatalogues,
  canonicalLocale,
  en,
  expectedKeys,
  nativeLanguageName,
  REFERENCE_LOCALE,
  referenceTextOf,
  textProblems,
  type CreateLanguageRequest,
  type LanguageDetailResponse,
  type LanguageResource,
  type LanguagesResponse,
  type LanguageString,
  type UpdateLanguageRequest,
} from '@filestore/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { readSettings, writeSettings } from '../settings/index.js';
import { builtInCatalogue } from './catalogue.js';
import { languages, languageStrings, type LanguageRow } from './languages.table.js';

const notFound = () => new AppError(404, 'language.not_found', 'There is no such language.');

function present(row: LanguageRow, defaultLocale: string, edited: number): LanguageResource {
  return {
    id: row.id,
    locale: row.locale,
    name: row.name,
    is_default: row.locale === defaultLocale,
    built_in: row.locale in builtInCatalogues,
    edited,
    created_at: row.createdAt.toISOString(),
  };
}

async function findLanguage(db: Db, id: string): Promise<LanguageRow> {
  const [row] = await db.select().from(languages).where(eq(languages.id, id));
  if (!row) throw notFound();
  return row;
}

async function editedCount(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(languageStrings).where(eq(languageStrings.languageId, id));
  return row?.n ?? 0;
}

/** Every installed language (English first, then by name), the default, and what can be added. */
export async function listLanguages(db: Db): Promise<LanguagesResponse> {
  const [rows, counts, settings] = await Promise.all([
    db.select().from(languages),
    db.select({ id: languageStrings.languageId, n: count() }).from(languageStrings).groupBy(languageStrings.languageId),
    readSettings(db),
  ]);
  const edited = new Map(counts.map((c) => [c.id, c.n]));
  rows.sort((a, b) =>
    a.locale === REFERENCE_LOCALE ? -1 : b.locale === REFERENCE_LOCALE ? 1 : a.name.localeCompare(b.name),
  );
  return {
    data: rows.map((row) => present(row, settings.language, edited.get(row.id) ?? 0)),
    meta: {
      default: settings.language,
      built_in: Object.keys(builtInCatalogues).map((locale) => ({ locale, name: nativeLanguageName(locale) })),
    },
  };
}

/** The keys a language can hold: English's, with the plural forms its locale uses instead of English's. */
function keysOf(locale: string): string[] {
  // English is the reference: exactly its own keys (some plurals it writes with `_other` alone).
  if (locale === REFERENCE_LOCALE) return Object.keys(en);
  const { required, optional } = expectedKeys(en, locale);
  const builtIn = builtInCatalogue(locale) ?? {};
  const keys = new Set([...required, ...Object.keys(builtIn).filter((k) => optional.has(k))]);
  for (const key of optional) if (key in en) keys.add(key);
  return [...keys];
}

/** One language with every string: its English, the served text and where that comes from. */
export async function languageDetail(db: Db, id: string): Promise<LanguageDetailResponse> {
  const row = await findLanguage(db, id);
  const [edits, settings] = await Promise.all([
    db.select().from(languageStrings).where(eq(languageStrings.languageId, id)),
    readSettings(db),
  ]);
  const editMap = new Map(edits.map((e) => [e.key, e.value]));
  const builtIn = builtInCatalogue(row.locale);
  const strings: LanguageString[] = keysOf(row.locale).map((key) => {
    const english = referenceTextOf(en, key) ?? '';
    const edit = editMap.get(key);
    if (edit !== undefined) return { key, english, value: edit, source: 'edited' };
    const shipped = builtIn?.[key];
    if (shipped !== undefined) return { key, english, value: shipped, source: 'built_in' };
    return { key, english, value: english, source: 'english' };
  });
  return { data: present(row, settings.language, edits.length), strings };
}

/** Installs a language: a shipped catalogue's locale or any BCP 47 code (then English until edited). */
export async function createLanguage(db: Db, input: CreateLanguageRequest): Promise<LanguageResource> {
  const locale = canonicalLocale(input.locale);
  if (!locale) {
    throw new AppError(422, 'language.unknown_locale', `“${input.locale}” is not a language code.`, undefined, {
      locale: ['A language code looks like “de”, “sk” or “pt-BR”.'],
    });
  }
  const [row] = await db
    .insert(languages)
    .values({ locale, name: input.name ?? nativeLanguageName(locale) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'language.exists', `The language “${locale}” is already installed.`);
  return present(row, (await readSettings(db)).language, 0);
}

/** Renames a language and/or makes it the app's default. */
export async function updateLanguage(db: Db, id: string, input: UpdateLanguageRequest): Promise<LanguageResource> {
  let row = await findLanguage(db, id);
  if (input.name !== undefined) {
    const [renamed] = await db.update(languages).set({ name: input.name }).where(eq(languages.id, id)).returning();
    if (!renamed) throw notFound();
    row = renamed;
  }
  if (input.default) await writeSettings(db, { language: row.locale });
  return present(row, (await readSettings(db)).language, await editedCount(db, id));
}

/** Deletes a language with its edits; English and the default stay. Users who chose it get the default. */
export async function deleteLanguage(db: Db, id: string): Promise<void> {
  const row = await findLanguage(db, id);
  if (row.locale === REFERENCE_LOCALE) {
    throw new AppError(422, 'language.english_protected', 'English is the reference language and cannot be deleted.');
  }
  if (row.locale === (await readSettings(db)).language) {
    throw new AppError(
      422,
      'language.default_protected',
      'This is the app’s default language: make another language the default first.',
    );
  }
  // users.language references the locale with ON DELETE SET NULL: their choice falls back to the default.
  await db.delete(languages).where(eq(languages.id, id));
}

/**
 * Saves one string of a language (null or "" drops the edit). Its text must keep the English
 * text's placeholders and tags; the language's version goes up in the same transaction, so every
 * node serves the new catalogue on the next request.
 */
export async function editString(db: Db, id: string, key: string, value: string | null): Promise<LanguageString> {
  const row = await findLanguage(db, id);
  if (!keysOf(row.locale).includes(key)) {
    throw new AppError(404, 'language.unknown_key', `There is no string “${key}”.`);
  }
  const english = referenceTextOf(en, key) ?? '';
  const shipped = builtInCatalogue(row.locale)?.[key];
  if (value === null || value === '') {
    await db.transaction(async (tx) => {
      await tx
        .delete(languageStrings)
        .where(sql`${languageStrings.languageId} = ${id} and ${languageStrings.key} = ${key}`);
      await tx
        .update(languages)
        .set({ version: sql`${languages.version} + 1` })
        .where(eq(languages.id, id));
    });
    return shipped === undefined
      ? { key, english, value: english, source: 'english' }
      : { key, english, value: shipped, source: 'built_in' };
  }
  const problems = textProblems(key, english, value);
  if (problems.missing.length || problems.unknown.length || problems.tags) {
    const messages: string[] = [];
    if (problems.missing.length) messages.push(`Keep ${problems.missing.map((p) => `{{${p}}}`).join(', ')}.`);
    if (problems.unknown.length)
      messages.push(`${problems.unknown.map((p) => `{{${p}}}`).join(', ')} is not filled in by the app.`);
    if (problems.tags) messages.push('Keep the tags of the English text (such as <anchor>…</anchor>).');
    throw new AppError(
      422,
      'language.placeholders',
      messages.join(' '),
      { missing: problems.missing, unknown: problems.unknown, tags: problems.tags },
      { value: messages },
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(languageStrings)
      .values({ languageId: id, key, value })
      .onConflictDoUpdate({
        target: [languageStrings.languageId, languageStrings.key],
        set: { value, updatedAt: sql`now()` },
      });
    await tx
      .update(languages)
      .set({ version: sql`${languages.version} + 1` })
      .where(eq(languages.id, id));
  });
  return { key, english, value, source: 'edited' };
}

/** Refuses a locale that is not installed, under `field` (the profile's language, the default setting). */
export async function requireInstalled(db: Db, locale: string, field: string): Promise<void> {
  const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.locale, locale));
  if (!row) throw validationFailed({ [field]: ['Choose one of the installed languages.'] });
}
