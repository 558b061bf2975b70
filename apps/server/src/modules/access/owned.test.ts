import { describe, expect, it } from 'vitest';
import { isAddressee, mayReadOwned, mayReadPage } from './owned.js';

import type { UserRow } from '../users/index.js';
import type { Caller } from './callers.js';

const session = (id: string, role: 'user' | 'admin'): Caller => ({ kind: 'session', user: { id, role } as UserRow });
const user = session('u1', 'user');
const admin = session('a1', 'admin');
const nobody: Caller = { kind: 'anonymous' };
/** An administrator's token made without the admin scope: it reads as the user it is, not as an administrator. */
const adminUserToken: Caller = {
  kind: 'token',
  user: admin.kind === 'session' ? admin.user : ({} as UserRow),
  token: { id: 't1', scope: 'user' },
};
const adminAdminToken: Caller = {
  kind: 'token',
  user: admin.kind === 'session' ? admin.user : ({} as UserRow),
  token: { id: 't2', scope: 'admin' },
};

describe('owned records', () => {
  it('are read by their owner, by administrators only where they look after them, by nobody else', () => {
    expect(mayReadOwned(user, 'u1')).toBe(true);
    expect(mayReadOwned(user, 'u2')).toBe(false);
    expect(mayReadOwned(nobody, 'u1')).toBe(false);
    expect(mayReadOwned(admin, 'u1')).toBe(false);
    expect(mayReadOwned(admin, 'u1', { admins: true })).toBe(true);
    expect(mayReadOwned(user, 'u2', { admins: true })).toBe(false);
  });

  it('are read as an administrator through a token only with the admin scope', () => {
    expect(mayReadOwned(adminUserToken, 'u1', { admins: true })).toBe(false);
    expect(mayReadOwned(adminUserToken, 'a1', { admins: true })).toBe(true);
    expect(mayReadOwned(adminAdminToken, 'u1', { admins: true })).toBe(true);
    expect(mayReadPage(adminUserToken, { visibility: false })).toBe(false);
    expect(mayReadPage(adminAdminToken, { visibility: false })).toBe(true);
  });

  it('show a hidden page to administrators only', () => {
    expect(mayReadPage(nobody, { visibility: true })).toBe(true);
    expect(mayReadPage(nobody, { visibility: false })).toBe(false);
    expect(mayReadPage(user, { visibility: false })).toBe(false);
    expect(mayReadPage(admin, { visibility: false })).toBe(true);
  });

  it('are answered by their addressee, whatever the case of the email', () => {
    expect(isAddressee({ email: 'Ann@Example.com' }, 'ann@example.com')).toBe(true);
    expect(isAddressee({ email: 'bob@example.com' }, 'ann@example.com')).toBe(false);
    expect(isAddressee(null, 'ann@example.com')).toBe(false);
  });
});
