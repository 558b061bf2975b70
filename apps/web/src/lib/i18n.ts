import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { signal } from './signal';

/**
 * The app's translations: flat keys (dots are part of the key), `{{name}}` placeholders (not
 * escaped: React escapes what it renders) and i18next's plural suffixes (`key_one`, `key_other`, …,
 * and `key_zero` first when the count is 0), chosen by Intl.PluralRules for the locale. That is all
 * the catalogues use, so this stands in for i18next + react-i18next at a twentieth of the weight.
 * Every screen imports from here; the language is set before the first render, and again when the
 * user picks another one (`switchLanguage`: the screens are drawn again in it).
 */
export type Catalogue = Record<string, string>;

export interface TOptions {
  /** Picks the plural form and fills `{{count}}`. */
  count?: number;
  /** The text when the catalogue has no entry for the key (placeholders are filled in it too). */
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

let catalogue: Catalogue = {};
let plurals = new Intl.PluralRules('en');

const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

function interpolate(text: string, values: TOptions): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    // Like i18next: a value that is not given leaves the placeholder as it is.
    return value === undefined || value === null ? match : `${value as string}`;
  });
}

/** The text for `key` in the current language; the key itself when the catalogue lacks it. */
const t: TFunction = (key, options) => {
  let text: string | undefined;
  const count = options?.count;
  if (typeof count === 'number') {
    if (count === 0) text = catalogue[`${key}_zero`];
    text ??= catalogue[`${key}_${plurals.select(count)}`];
  }
  text ??= catalogue[key] ?? options?.defaultValue ?? key;
  return options ? interpolate(text, options) : text;
};

/**
 * The translator outside components (upload feedback, formatting): `t` and the language in use.
 * Components get the same through `useTranslation()`.
 */
export const translator = { t, language: 'en', resolvedLanguage: 'en' };

/** Installs `messages` as the catalogue of `locale` (the start-up does it; tests call it directly). */
export function setCatalogue(locale: string, messages: Catalogue): void {
  catalogue = messages;
  translator.language = translator.resolvedLanguage = locale;
  try {
    plurals = new Intl.PluralRules(locale);
  } catch {
    plurals = new Intl.PluralRules('en');
  }
}

const translation = { t, i18n: translator };

/**
 * `{ t, i18n }` like react-i18next's hook. The language changes only through `switchLanguage`,
 * after which the app's tree is drawn afresh (keyed by `useLanguageChanges`).
 */
export function useTranslation(): typeof translation {
  return translation;
}

interface TransProps {
  i18nKey: string;
  /** Elements standing for the text's `<name>…</name>` (given the text inside) and `<name/>` tags. */
  components?: Record<string, ReactElement>;
  values?: TOptions;
}

const TAG = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;

function toNodes(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [whole, selfClosing, name, inner] = match;
    const element = components[selfClosing ?? name ?? ''];
    if (!element) nodes.push(inner ?? whole);
    else if (inner === undefined) nodes.push(cloneElement(element, { key: nodes.length }));
    else nodes.push(cloneElement(element, { key: nodes.length }, ...toNodes(inner, components)));
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** A translated text whose tags become the given elements, e.g. `Read our <anchor>policy</anchor>`. */
export function Trans({ i18nKey, components = {}, values }: TransProps): ReactElement {
  return createElement(Fragment, null, ...toNodes(t(i18nKey, values), components));
}

declare global {
  interface Window {
    __I18N__?: Catalogue;
  }
}

async function fetchCatalogue(locale: string): Promise<Catalogue> {
  const response = await fetch(`/translations/${encodeURIComponent(locale)}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Translations answered ${response.status}`);
  return (await response.json()) as Catalogue;
}

/**
 * Spec §4: the catalogue for the configured locale loads before the first render. The server puts
 * it in the page (what /translations/{locale} answers, English defaults included), so nothing waits
 * for it; `vite dev` has no such page and fetches it.
 */
export async function initI18n(locale: string): Promise<void> {
  setCatalogue(locale, window.__I18N__ ?? (await fetchCatalogue(locale)));
  document.documentElement.lang = locale;
}

/** Counts the switches of language: the app keys its screens by it, so all of them are drawn again. */
const switches = signal(0);
export const useLanguageChanges = switches.useValue;

/**
 * Loads `locale`'s catalogue (the server's, with the administrator's edits) and draws every screen
 * again in it: after the user picks a language, or the default changes for a user who chose none.
 */
export async function switchLanguage(locale: string): Promise<void> {
  const messages = await fetchCatalogue(locale);
  setCatalogue(locale, messages);
  document.documentElement.lang = locale;
  switches.set(switches.get() + 1);
}

/** Text for the screens shown before (or instead of) the catalogue loads: the page's catalogue, else the key. */
export function fallbackText(key: string): string {
  return window.__I18N__?.[key] ?? key;
}
