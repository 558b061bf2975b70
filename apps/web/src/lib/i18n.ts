import { en } from '@filestore/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

async function fetchCatalogue(locale: string): Promise<Record<string, string>> {
  const response = await fetch(`/translations/${encodeURIComponent(locale)}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Translations answered ${response.status}`);
  return (await response.json()) as Record<string, string>;
}

/**
 * Spec §4: the catalogue for the configured locale loads before the first render. Keys are flat
 * and may contain dots, so key and namespace separators are off. The bundled English catalogue
 * only fills keys the server's catalogue lacks.
 */
export async function initI18n(locale: string): Promise<void> {
  const catalogue = await fetchCatalogue(locale);
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    resources: { [locale]: { translation: catalogue }, ...(locale === 'en' ? {} : { en: { translation: en } }) },
    partialBundledLanguages: true,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  if (locale === 'en') i18next.addResourceBundle('en', 'translation', en, true, false);
  document.documentElement.lang = locale;
}

/** English text for the screens shown before (or instead of) the catalogue. */
export function fallbackText(key: string): string {
  return en[key] ?? key;
}
