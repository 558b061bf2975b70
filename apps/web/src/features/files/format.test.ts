import { setCatalogue } from '../../lib/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from './format';
import { twemojiName } from '../../ui/Emoji';

beforeAll(() => {
  setCatalogue('en', {});
});

describe('sizes', () => {
  it('uses decimal units like the storage figures the server sends', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe('1.54 kB');
    expect(formatBytes(51_762)).toBe('51.8 kB');
    expect(formatBytes(3_290_000)).toBe('3.29 MB');
    expect(formatBytes(5_000_000_000)).toBe('5 GB');
  });
});

describe('Twemoji file names', () => {
  it('are the lower-case code points joined by "-", without the variation selector', () => {
    expect(twemojiName('🚀')).toBe('1f680');
    expect(twemojiName('✈️')).toBe('2708');
    expect(twemojiName('🇨🇿')).toBe('1f1e8-1f1ff');
    expect(twemojiName('👍🏽')).toBe('1f44d-1f3fd');
  });

  it('keep the variation selector inside zero-width-joiner sequences, as Twemoji names them', () => {
    expect(twemojiName('🏳️‍🌈')).toBe('1f3f3-fe0f-200d-1f308');
    expect(twemojiName('🧑‍💻')).toBe('1f9d1-200d-1f4bb');
  });
});
