import { describe, expect, it } from 'vitest';
import {
  builtInCatalogues,
  catalogueProblems,
  en,
  expectedKeys,
  pluralBases,
  pluralCategoriesOf,
  type Catalogue,
} from '@filestore/contract';

/**
 * Issue 16 point 5: every shipped catalogue is complete and keeps English's placeholders and tags
 * (packages/contract/src/i18n/locales.ts holds the check; this holds each catalogue to it).
 */

const others = Object.entries(builtInCatalogues).filter(([locale]) => locale !== 'en');

describe('the shipped catalogues', () => {
  it('English has no empty text, and its plurals are there to translate', () => {
    expect(Object.entries(en).filter(([, text]) => text.trim() === '')).toEqual([]);
    expect(pluralBases(en).size).toBeGreaterThan(50);
    expect(pluralBases(en)).toContain('mail.filled.line');
  });

  // While English is the only one shipped, the case list holds a stand-in that checks nothing more.
  const cases: [string, Catalogue | null][] = others.length ? others : [['(none besides English yet)', null]];
  it.each(cases)(
    '%s has every English key, its own plural forms, and the same placeholders and tags',
    (locale, catalogue) => {
      if (catalogue) expect(catalogueProblems(en, catalogue, locale)).toEqual([]);
    },
  );
});

describe('the product’s words', () => {
  // Issue 41 point 15: one name for fetching files from links, in every catalogue and notification.
  it('calls fetching files from links one thing: “Upload from links”, never “Remote upload”', () => {
    const named: Record<string, RegExp> = {
      en: /remote[ -]?upload|from the web/i,
      de: /remote|fernupload|von links|aus dem web/i,
      sk: /vzdialen|z webu/i,
    };
    for (const [locale, catalogue] of Object.entries(builtInCatalogues)) {
      const other = named[locale];
      if (!other) continue;
      expect(Object.entries(catalogue).filter(([, text]) => other.test(text))).toEqual([]);
    }
    expect(en['remote_upload.menu']).toBe('Upload from links');
    expect(en['notification.remote_upload.done.title']).toBe('Upload from links finished');
  });
});

describe('the catalogue check', () => {
  const reference = {
    greeting: 'Hello {{name}}',
    policy: 'Read our <anchor>policy</anchor>.',
    files_one: 'One file',
    files_other: '{{count}} files',
  };

  it('asks Slovak for one, few, many and other, and German for one and other', () => {
    expect(pluralCategoriesOf('sk')).toEqual(expect.arrayContaining(['one', 'few', 'many', 'other']));
    expect([...expectedKeys(reference, 'sk').required].sort()).toEqual(
      ['files_few', 'files_many', 'files_one', 'files_other', 'greeting', 'policy'].sort(),
    );
    expect([...expectedKeys(reference, 'de').required].sort()).toEqual(
      ['files_one', 'files_other', 'greeting', 'policy'].sort(),
    );
    expect(expectedKeys(reference, 'de').optional).toEqual(new Set(['files_zero']));
  });

  it('accepts a complete translation', () => {
    const sk = {
      greeting: 'Ahoj {{name}}',
      policy: 'Prečítajte si <anchor>zásady</anchor>.',
      files_one: 'Jeden súbor',
      files_few: '{{count}} súbory',
      files_many: '{{count}} súboru',
      files_other: '{{count}} súborov',
    };
    expect(catalogueProblems(reference, sk, 'sk')).toEqual([]);
  });

  it('names what is missing, extra, empty, or has lost a placeholder or a tag', () => {
    const broken = {
      greeting: 'Hallo',
      policy: 'Lesen Sie unsere Richtlinie.',
      files_one: ' ',
      files_few: '{{count}} Dateien',
      stray: 'x',
    };
    expect(catalogueProblems(reference, broken, 'de').sort()).toEqual(
      [
        'missing files_other',
        'extra files_few',
        'extra stray',
        'empty files_one',
        'greeting lacks {{name}}',
        'policy changes the tags </anchor><anchor>',
      ].sort(),
    );
  });

  it('refuses a placeholder the app does not fill in', () => {
    expect(catalogueProblems(reference, { ...reference, greeting: 'Hi {{name}} {{nom}}' }, 'en')).toEqual([
      'greeting adds {{nom}}',
    ]);
  });
});
