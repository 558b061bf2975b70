import type { Catalogue } from '@filestore/contract';
import type { Db } from '../../lib/db/database.js';
import { catalogueFor } from './catalogue.js';

export type Values = Record<string, string | number>;
export type Translate = (key: string, values?: Values & { count?: number }) => string;

const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

/**
 * The server's reading of a catalogue, the same as the web's (`apps/web/src/lib/i18n.ts`): i18next
 * plural suffixes chosen by `Intl.PluralRules`, `_zero` first for 0, and `{{name}}` filled in (not
 * escaped: the mail layout escapes what it prints).
 */
export function translatorOf(locale: string, catalogue: Catalogue): Translate {
  let plurals: Intl.PluralRules;
  try {
    plurals = new Intl.PluralRules(locale);
  } catch {
    plurals = new Intl.PluralRules('en');
  }
  return (key, values) => {
    let text: string | undefined;
    const count = values?.count;
    if (typeof count === 'number') {
      if (count === 0) text = catalogue[`${key}_zero`];
      text ??= catalogue[`${key}_${plurals.select(count)}`];
    }
    text ??= catalogue[key] ?? key;
    if (!values) return text;
    return text.replace(PLACEHOLDER, (match, name: string) => {
      const value = values[name];
      return value === undefined ? match : String(value);
    });
  };
}

/**
 * The translator for a mail to someone: `recipient.language` when they chose an installed one,
 * else the app's default language (also for an address without an account: pass null).
 */
export async function mailTranslator(
  db: Db,
  recipient: { language: string | null } | null,
): Promise<{ locale: string; t: Translate }> {
  const served = await catalogueFor(db, recipient?.language);
  return { locale: served.locale, t: translatorOf(served.locale, served.catalogue) };
}
