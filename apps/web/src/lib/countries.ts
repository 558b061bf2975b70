import { COUNTRY_CODES } from '@filestore/contract';
import { useMemo } from 'react';

/** The browser's names of regions (countries) in `language`, or null where Intl lacks them. */
export function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return null;
  }
}

/**
 * The country select's options (spec §9): names in the reader's language, the Czech Republic and
 * Slovakia first as `COUNTRY_CODES` lists them, the rest by name. The profile and the seller's
 * address (Admin → Payments) both use it.
 */
export function countryOptions(language: string): { value: string; label: string }[] {
  const names = regionNames(language);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  const [first, second, ...rest] = options;
  const collator = new Intl.Collator(language);
  return [first!, second!, ...rest.sort((a, b) => collator.compare(a.label, b.label))];
}

export function useCountryOptions(language: string) {
  return useMemo(() => countryOptions(language), [language]);
}
