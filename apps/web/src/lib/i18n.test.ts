import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { translator, setCatalogue, Trans, useTranslation } from './i18n';

const { t } = translator;

afterEach(() => setCatalogue('en', {}));

describe('texts', () => {
  it('fills {{placeholders}} without escaping and leaves the ones not given', () => {
    setCatalogue('en', { 'files.renamed': 'Renamed “{{ from }}” to “{{to}}”', 'a.b': '{{name}} & {{missing}}' });
    expect(t('files.renamed', { from: '<a>', to: 'b' })).toBe('Renamed “<a>” to “b”');
    expect(t('a.b', { name: 'Tom & Jerry' })).toBe('Tom & Jerry & {{missing}}');
  });

  it('answers the key for a missing entry, or the default value filled in', () => {
    setCatalogue('en', {});
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('no.such.key', { defaultValue: 'Hi {{name}}', name: 'Ann' })).toBe('Hi Ann');
  });

  it('picks the English plural form, _zero first for 0, and the bare key without forms', () => {
    setCatalogue('en', {
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      files_zero: 'No files',
      files_one: 'One file',
      files_other: '{{count}} files',
      too_many: 'At most {{count}}',
    });
    expect(t('items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 0 })).toBe('0 items');
    expect(t('items', { count: 5 })).toBe('5 items');
    expect(t('files', { count: 0 })).toBe('No files');
    expect(t('too_many', { count: 20 })).toBe('At most 20');
  });

  it('follows the locale’s plural rules (Czech: one, few, many, other)', () => {
    setCatalogue('cs', {
      files_one: '{{count}} soubor',
      files_few: '{{count}} soubory',
      files_many: '{{count}} souboru',
      files_other: '{{count}} souborů',
    });
    expect(t('files', { count: 1 })).toBe('1 soubor');
    expect(t('files', { count: 3 })).toBe('3 soubory');
    expect(t('files', { count: 1.5 })).toBe('1.5 souboru');
    expect(t('files', { count: 7 })).toBe('7 souborů');
    expect(translator.language).toBe('cs');
    expect(useTranslation().i18n.resolvedLanguage).toBe('cs');
  });
});

describe('<Trans>', () => {
  it('puts the text inside each tag into the matching element', () => {
    setCatalogue('en', {
      agreement: 'You agree to the <terms>Terms</terms> and <privacy>Privacy Policy</privacy>, {{name}}.<br/>',
    });
    const html = renderToStaticMarkup(
      createElement(Trans, {
        i18nKey: 'agreement',
        values: { name: 'Ann' },
        components: {
          terms: createElement('a', { href: '/terms', className: 'link' }),
          privacy: createElement('a', { href: '/privacy' }),
          br: createElement('br'),
        },
      }),
    );
    expect(html).toBe(
      'You agree to the <a href="/terms" class="link">Terms</a> and <a href="/privacy">Privacy Policy</a>, Ann.<br/>',
    );
  });

  it('shows the inner text of a tag it has no element for', () => {
    setCatalogue('en', { text: 'Read <b>this</b>' });
    expect(renderToStaticMarkup(createElement(Trans, { i18nKey: 'text' }))).toBe('Read this');
  });
});
