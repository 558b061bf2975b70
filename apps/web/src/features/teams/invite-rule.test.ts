import { describe, expect, it } from 'vitest';
import { blockedByLimit, inviteProblem } from './invite-rule';

const limit = (total: number, allowedEmails: string[] = []) => ({ total, allowedEmails });

describe('the invite rule (spec §5)', () => {
  it('blocks a new email on a fixed plan once the distinct emails reached the maximum', () => {
    expect(blockedByLimit('c@x.io', ['a@x.io'], limit(2, ['b@x.io']), 'fixed')).toBe(true);
    expect(blockedByLimit('c@x.io', [], limit(2, ['b@x.io']), 'fixed')).toBe(false);
  });

  it('never blocks an email already counted, nor metered or no plans, nor -1', () => {
    expect(blockedByLimit('B@x.io', ['a@x.io'], limit(2, ['b@x.io']), 'fixed')).toBe(false);
    expect(blockedByLimit('c@x.io', ['a@x.io', 'b@x.io'], limit(1), 'metered')).toBe(false);
    expect(blockedByLimit('c@x.io', ['a@x.io', 'b@x.io'], limit(1), 'none')).toBe(false);
    expect(blockedByLimit('c@x.io', ['a@x.io', 'b@x.io'], limit(-1), 'fixed')).toBe(false);
  });

  it('names what is wrong with an email before it is added', () => {
    const base = { taken: ['a@x.io'], ownEmail: 'me@x.io', limit: limit(-1), plan: 'none' as const };
    expect(inviteProblem('  ', base)).toBe('required');
    expect(inviteProblem('not an email', base)).toBe('email');
    expect(inviteProblem('a@x', base)).toBe('email');
    expect(inviteProblem('ME@x.io', base)).toBe('self');
    expect(inviteProblem(' A@X.io ', base)).toBe('duplicate');
    expect(inviteProblem('c@x.io', { ...base, limit: limit(1), plan: 'fixed' })).toBe('limit');
    expect(inviteProblem('c@x.io', base)).toBeNull();
  });
});
