import { createHash } from 'node:crypto';
import {
  builtInCatalogues,
  en,
  REFERENCE_LOCALE,
  type Catalogue,
  type PublicLanguagesResponse,
} from '@filestore/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { readSettings } from '../settings/index.js';
import { languages, languageStrings } from './languages.table.js';

/** Changes when an upgrade ships different catalogues, so a browser's copy under an old ETag is not reused. */
const BUILT_IN_HASH = createHash('sha256').update(JSON.stringify(builtInCatalogues)).digest('base64url').slice(0, 10);

/** The shipped catalogue of `locale`, or null: then its unedited strings are English. */
export const builtInCatalogue = (locale: string): Catalogue | null => builtInCatalogues[locale] ?? null;

export interface ServedCatalogue {
  locale: string;
  catalogue: Catalogue;
  /** A strong validator of exactly this content: locale, edit version and the shipped catalogues. */
  etag: string;
}

interface Cached {
  id: string;
  version: number;
  served: ServedCatalogue;
}

/**
 * Merged catalogues by database and locale: a cache only (each request reads the language's
 * version first, so an edit on any node is served at once), dropped with its database.
 */
const caches = new WeakMap<Db, Map<string, Cached>>();

/** English keys, then the locale's own, then the edits: what `/translations/{locale}` and mails use. */
export function mergeCatalogue(locale: string, edits: Iterable<[string, string]>): Catalogue {
  const merged: Catalogue = { ...en, ...(builtInCatalogue(locale) ?? {}) };
  for (const [key, value] of edits) merged[key] = value;
  return merged;
}

/** The installed language `locale`'s catalogue with its edits, or null when it is not installed. */
export async function servedCatalogue(db: Db, locale: string): Promise<ServedCatalogue | null> {
  const [language] = await db
    .select({ id: languages.id, version: languages.version })
    .from(languages)
    .where(eq(languages.locale, locale));
  if (!language) return null;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Cached>()));
  const hit = cache.get(locale);
  if (hit && hit.id === language.id && hit.version === language.version) return hit.served;
  const rows = await db
    .select({ key: languageStrings.key, value: languageStrings.value })
    .from(languageStrings)
    .where(eq(languageStrings.languageId, language.id));
  const served: ServedCatalogue = {
    locale,
    catalogue: mergeCatalogue(
      locale,
      rows.map((r) => [r.key, r.value]),
    ),
    etag: `"${locale}.${language.id.slice(0, 8)}.${language.version}.${BUILT_IN_HASH}"`,
  };
  cache.set(locale, { id: language.id, version: language.version, served });
  return served;
}

export async function isInstalledLocale(db: Db, locale: string): Promise<boolean> {
  const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.locale, locale));
  return !!row;
}

/**
 * The catalogue someone reads: their own language when it is installed, else the app's default,
 * else English (always installed; built in, should the table be empty).
 */
export async function catalogueFor(
  db: Db,
  preferred: string | null | undefined,
  defaultLocale?: string,
): Promise<ServedCatalogue> {
  const candidates = [preferred, defaultLocale ?? (await readSettings(db)).language, REFERENCE_LOCALE];
  for (const locale of candidates) {
    if (!locale) continue;
    const served = await servedCatalogue(db, locale);
    if (served) return served;
  }
  return { locale: REFERENCE_LOCALE, catalogue: en, etag: `"en.builtin.${BUILT_IN_HASH}"` };
}

/** English is always installed: the table gets its row on every start (never overwriting a rename). */
export async function seedLanguages(db: Db): Promise<void> {
  await db.insert(languages).values({ locale: REFERENCE_LOCALE, name: 'English' }).onConflictDoNothing();
}

/** The installed languages by name, and the default: what a reader may pick (GET /api/languages). */
export async function installedLanguages(db: Db): Promise<PublicLanguagesResponse> {
  const [rows, settings] = await Promise.all([
    db.select({ locale: languages.locale, name: languages.name }).from(languages),
    readSettings(db),
  ]);
  rows.sort((a, b) => a.name.localeCompare(b.name));
  return { data: rows, meta: { default: settings.language } };
}
