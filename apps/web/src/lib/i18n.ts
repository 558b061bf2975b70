import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The one place the app imports its translation library from, so it can be swapped. */
export { Trans, useTranslation } from 'react-i18next';
export type { TFunction } from 'i18next';
export { i18next };

type Catalogue = Record<string, string>;

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
 * for it; `vite dev` has no such page and fetches it. Keys are flat and may contain dots, so key
 * and namespace separators are off.
 */
export async function initI18n(locale: string): Promise<void> {
  const catalogue = window.__I18N__ ?? (await fetchCatalogue(locale));
  await i18next.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: catalogue } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = locale;
}

/** Text for the screens shown before (or instead of) i18next: the page's catalogue, else the key. */
export function fallbackText(key: string): string {
  return window.__I18N__?.[key] ?? key;
}
