import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@filestore/contract';

describe('the country list', () => {
  it('has every ISO 3166-1 code once, Czech Republic and Slovakia first, each with a name', () => {
    expect(COUNTRY_CODES.slice(0, 2)).toEqual(['CZ', 'SK']);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(names.of(code), code).toBeTruthy();
    }
  });
});
