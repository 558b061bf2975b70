/**
 * The catalogues the product ships, by locale, and what both apps need to check a text against
 * English: its `{{placeholders}}`, its `<tags>` and the plural forms of a key. The server serves a
 * language as its built-in catalogue (English for a locale without one) plus the strings an
 * administrator edited (ADR 0044). Adding a catalogue is one import and one line below.
 */
import { de } from './de.js';
import { en } from './en.js';
import { sk } from './sk.js';

export type Catalogue = Record<string, string>;

/** Every catalogue written for the product, by BCP 47 locale. */
export const builtInCatalogues: Record<string, Catalogue> = {
  en,
  de,
  sk,
};

/** Each built-in language's own name for itself, shown in the language lists. */
export const builtInLanguageNames: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  sk: 'Slovenčina',
};

/** The language that is always installed, cannot be deleted, and fills what another one lacks. */
export const REFERENCE_LOCALE = 'en';

/** The native name of `locale`: ours when we ship it, else the browser's or runtime's own. */
export function nativeLanguageName(locale: string): string {
  const known = builtInLanguageNames[locale];
  if (known) return known;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    if (name && name !== locale) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    // Not a locale Intl knows: the code is the best name.
  }
  return locale;
}

/** A locale code as BCP 47 writes it (`pt-BR`), or null when it is not one. */
export function canonicalLocale(code: string): string | null {
  if (!/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})*$/.test(code) || code.length > 20) return null;
  try {
    return Intl.getCanonicalLocales(code.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;
const TAG = /<\/?(\w+)\s*\/?>/g;

/** The names of a text's `{{placeholders}}`, sorted, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].sort();
}

/** A text's tags as written (`<anchor>`, `</anchor>`, `<br/>`), sorted, with how often each occurs. */
export function tagsOf(text: string): string[] {
  return [...text.matchAll(TAG)].map((m) => m[0].replace(/\s+/g, '')).sort();
}

export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_KEY = new RegExp(`^(.+)_(${PLURAL_SUFFIXES.join('|')})$`);

/**
 * The bases of `catalogue`'s plural keys (i18next's `key_one`, `key_other`, …): a key counts as a
 * plural form when the catalogue also has its base's `_other`.
 */
export function pluralBases(catalogue: Catalogue): Set<string> {
  const bases = new Set<string>();
  for (const key of Object.keys(catalogue)) {
    const match = PLURAL_KEY.exec(key);
    if (match?.[1] && `${match[1]}_other` in catalogue) bases.add(match[1]);
  }
  return bases;
}

/** The base of a plural key of `reference` (`files_few` → `files`), or null for any other key. */
export function pluralBaseOf(key: string, bases: Set<string>): string | null {
  const match = PLURAL_KEY.exec(key);
  return match?.[1] && bases.has(match[1]) ? match[1] : null;
}

/** The plural categories `locale` needs (`one`/`other` for German, `one`/`few`/`many`/`other` for Slovak). */
export function pluralCategoriesOf(locale: string): string[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}

/**
 * The keys a catalogue of `locale` may have, given the English one: every non-plural key, and for
 * each plural base the forms `locale` uses (`required`), plus `_zero` (`optional`).
 */
export function expectedKeys(reference: Catalogue, locale: string): { required: Set<string>; optional: Set<string> } {
  const bases = pluralBases(reference);
  const categories = pluralCategoriesOf(locale);
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const key of Object.keys(reference)) {
    const base = pluralBaseOf(key, bases);
    if (base === null) required.add(key);
  }
  for (const base of bases) {
    for (const category of categories) required.add(`${base}_${category}`);
    if (!categories.includes('zero')) optional.add(`${base}_zero`);
  }
  return { required, optional };
}

/** The English text a key of another language is checked against: the same key, else the base's `_other`. */
export function referenceTextOf(reference: Catalogue, key: string): string | undefined {
  const same = reference[key];
  if (same !== undefined) return same;
  const base = pluralBaseOf(key, pluralBases(reference));
  return base === null ? undefined : reference[`${base}_other`];
}

/** The forms that name one exact number, where "one file" may stand without `{{count}}`. */
const EXACT_FORM = /_(zero|one|two)$/;

/**
 * What is wrong with `text` as the translation of `key`, whose English is `english`: placeholders
 * lost or added, or tags changed. A plural form for an exact number may leave out `{{count}}`
 * (or add it: a Slovak "one" is only 1, a Russian one also 21).
 */
export function textProblems(
  key: string,
  english: string,
  text: string,
): { missing: string[]; unknown: string[]; tags: boolean } {
  const free = EXACT_FORM.test(key) ? ['count'] : [];
  const want = placeholdersOf(english).filter((p) => !free.includes(p));
  const have = placeholdersOf(text).filter((p) => !free.includes(p));
  return {
    missing: want.filter((p) => !have.includes(p)),
    unknown: have.filter((p) => !want.includes(p)),
    tags: tagsOf(english).join() !== tagsOf(text).join(),
  };
}

/**
 * Everything wrong with `catalogue` as the `locale` translation of `reference` (English): missing
 * keys (plural forms as `locale` needs them), extra keys, empty texts, changed placeholders or tags.
 * Empty when it is complete; the catalogue test holds every shipped catalogue to it.
 */
export function catalogueProblems(reference: Catalogue, catalogue: Catalogue, locale: string): string[] {
  const problems: string[] = [];
  const { required, optional } = expectedKeys(reference, locale);
  for (const key of required) if (!(key in catalogue)) problems.push(`missing ${key}`);
  for (const [key, text] of Object.entries(catalogue)) {
    if (!required.has(key) && !optional.has(key)) {
      problems.push(`extra ${key}`);
      continue;
    }
    if (text.trim() === '') {
      problems.push(`empty ${key}`);
      continue;
    }
    const english = referenceTextOf(reference, key);
    if (english === undefined) continue;
    const found = textProblems(key, english, text);
    if (found.missing.length) problems.push(`${key} lacks ${found.missing.map((p) => `{{${p}}}`).join(', ')}`);
    if (found.unknown.length) problems.push(`${key} adds ${found.unknown.map((p) => `{{${p}}}`).join(', ')}`);
    if (found.tags) problems.push(`${key} changes the tags ${tagsOf(english).join('')}`);
  }
  return problems;
}
