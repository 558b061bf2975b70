import { describe, expect, it } from 'vitest';
import { isAddressee, mayReadOwned, mayReadPage } from './owned.js';

const user = { id: 'u1', role: 'user' as const };
const admin = { id: 'a1', role: 'admin' as const };

describe('owned records', () => {
  it('are read by their owner, by administrators only where they look after them, by nobody else', () => {
    expect(mayReadOwned(user, 'u1')).toBe(true);
    expect(mayReadOwned(user, 'u2')).toBe(false);
    expect(mayReadOwned(null, 'u1')).toBe(false);
    expect(mayReadOwned(admin, 'u1')).toBe(false);
    expect(mayReadOwned(admin, 'u1', { admins: true })).toBe(true);
    expect(mayReadOwned(user, 'u2', { admins: true })).toBe(false);
  });

  it('show a hidden page to administrators only', () => {
    expect(mayReadPage(null, { visibility: true })).toBe(true);
    expect(mayReadPage(null, { visibility: false })).toBe(false);
    expect(mayReadPage(user, { visibility: false })).toBe(false);
    expect(mayReadPage(admin, { visibility: false })).toBe(true);
  });

  it('are answered by their addressee, whatever the case of the email', () => {
    expect(isAddressee({ email: 'Ann@Example.com' }, 'ann@example.com')).toBe(true);
    expect(isAddressee({ email: 'bob@example.com' }, 'ann@example.com')).toBe(false);
    expect(isAddressee(null, 'ann@example.com')).toBe(false);
  });
});
