import { describe, expect, it } from 'vitest';
import { linkDecision, type LinkState } from './links.js';

const now = new Date('2026-12-07T12:00:00Z');
const active = { suspendedAt: null, deletingAt: null };
const codeOf = (state: LinkState, at = now) => {
  const decision = linkDecision(state, at);
  return decision.usable ? 'usable' : `${decision.refusal.status} ${decision.refusal.code}`;
};

describe('linkDecision', () => {
  it('lets a share be used until the moment it expires, then answers 410 share.expired', () => {
    const share: LinkState = { kind: 'share', owner: active, expiresAt: new Date(now.getTime() + 1) };
    expect(codeOf(share)).toBe('usable');
    expect(codeOf({ ...share, expiresAt: null })).toBe('usable');
    expect(codeOf({ ...share, expiresAt: now })).toBe('410 share.expired');
  });

  it('answers an upload request that ran out or was closed 410 request.closed', () => {
    const request: LinkState = { kind: 'request', owner: active, expiresAt: new Date(now.getTime() + 60_000) };
    expect(codeOf(request)).toBe('usable');
    expect(codeOf({ ...request, closed: true })).toBe('410 request.closed');
    expect(codeOf(request, new Date(now.getTime() + 60_000))).toBe('410 request.closed');
  });

  it('asks about the owner first, then the expiry, the trash and the password, as the routes always answered', () => {
    const everything: LinkState = {
      kind: 'share',
      owner: { suspendedAt: now, deletingAt: null },
      ownerRestricted: true,
      expiresAt: now,
      rootTrashed: true,
      locked: true,
    };
    expect(codeOf(everything)).toBe('403 link.owner_unavailable');
    expect(codeOf({ ...everything, owner: { suspendedAt: null, deletingAt: now } })).toBe('403 link.owner_unavailable');
    expect(codeOf({ ...everything, owner: active })).toBe('403 link.owner_restricted');
    expect(codeOf({ ...everything, owner: active, ownerRestricted: false })).toBe('410 share.expired');
    expect(codeOf({ ...everything, owner: active, ownerRestricted: false, expiresAt: null })).toBe('404 not_found');
    expect(codeOf({ ...everything, owner: active, ownerRestricted: false, expiresAt: null, rootTrashed: false })).toBe(
      '403 share.locked',
    );
  });
});
