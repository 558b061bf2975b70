import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box.js';

const KEY = 'k'.repeat(48);

describe('secret box', () => {
  it('opens what it sealed, and the ciphertext does not show the secret', () => {
    const sealed = seal(KEY, 'totp', 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(open(KEY, 'totp', sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(seal(KEY, 'totp', 'JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
  });

  it('refuses another key, purpose or binding, and any changed byte', () => {
    const sealed = seal(KEY, 'totp', 'secret', 'user-1');
    expect(open('x'.repeat(48), 'totp', sealed, 'user-1')).toBeNull();
    expect(open(KEY, 'other', sealed, 'user-1')).toBeNull();
    expect(open(KEY, 'totp', sealed, 'user-2')).toBeNull();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    expect(open(KEY, 'totp', [...parts.slice(0, 3), body.toString('base64url')].join('.'), 'user-1')).toBeNull();
    expect(open(KEY, 'totp', 'garbage', 'user-1')).toBeNull();
    expect(open(KEY, 'totp', `${sealed}.more`, 'user-1')).toBeNull();
  });
});
