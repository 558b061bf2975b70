import { describe, expect, it } from 'vitest';
import { nulCharacterAt } from './nul-characters.js';

describe('nulCharacterAt', () => {
  it('names where a NUL sits: a value, a nested value, an array item, a key', () => {
    expect(nulCharacterAt('a\u0000b')).toBe('body');
    expect(nulCharacterAt({ name: 'ok', plan: { tiers: [{ label: 'x' }, { label: 'y\u0000' }] } })).toBe(
      'plan.tiers.1.label',
    );
    expect(nulCharacterAt({ ['bad\u0000key']: 1 })).toBe('bad\u0000key');
  });

  it('passes everything else, other control characters included (each field decides those)', () => {
    expect(
      nulCharacterAt({ text: 'line\nbreak\ttab\u0085', n: 0, b: false, nothing: null, list: [1, 'two'] }),
    ).toBeNull();
    expect(nulCharacterAt(undefined)).toBeNull();
  });

  it('leaves raw bytes alone (the payment webhooks take Buffers) and walks a large array without making paths', () => {
    expect(nulCharacterAt(Buffer.from([0, 0, 0]))).toBeNull();
    expect(nulCharacterAt({ raw: new Uint8Array(4) })).toBeNull();
    const many = { a: new Array<unknown>(500_000).fill(0) };
    expect(nulCharacterAt(many)).toBeNull();
    many.a[499_999] = ['ok', 'no\u0000'];
    expect(nulCharacterAt(many)).toBe('a.499999.1');
  });

  it('stops at a depth no body of the API reaches instead of running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(nulCharacterAt(deep)).toBeNull();
  });
});
