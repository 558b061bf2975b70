import { en } from '@filestore/contract';
import { translator, setCatalogue } from '../../../lib/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectEmails } from './EmailChips';
import { expiryLabel, isExpired, permissionLabel } from './labels';
import type { Share } from './sharing.api';

beforeAll(() => {
  setCatalogue('en', en);
});

function share(attributes: Partial<Share['attributes']>): Share {
  return {
    id: 's1',
    type: 'shared',
    attributes: {
      token: 'tok',
      item_id: 'i1',
      type: 'folder',
      permission: 'visitor',
      protected: false,
      expire_in: null,
      expires_at: null,
      link: 'https://files.example/share/tok',
      created_at: '2026-01-01T00:00:00.000Z',
      ...attributes,
    },
  };
}

describe('what a link allows, in words', () => {
  const t = translator.t;

  it('names the two folder permissions, and a file is always view-only', () => {
    expect(permissionLabel(t, share({ permission: 'editor' }))).toBe('Can edit, upload and delete');
    expect(permissionLabel(t, share({ permission: 'visitor' }))).toBe('Can view and download');
    expect(permissionLabel(t, share({ type: 'file', permission: 'editor' }))).toBe('Can view and download');
  });

  it('tells an open link from an expired one', () => {
    const now = Date.parse('2026-06-01T12:00:00.000Z');
    expect(isExpired(share({ expires_at: null }), now)).toBe(false);
    expect(isExpired(share({ expires_at: '2026-06-01T13:00:00.000Z' }), now)).toBe(false);
    expect(isExpired(share({ expires_at: '2026-06-01T12:00:00.000Z' }), now)).toBe(true);
    expect(expiryLabel(t, share({ expires_at: null }))).toBe('Never expires');
    expect(expiryLabel(t, share({ expires_at: '2020-01-01T10:00:00.000Z' }))).toMatch(/^Expired .*2020/);
    expect(expiryLabel(t, share({ expires_at: '2999-01-01T10:00:00.000Z' }), 'short')).toMatch(/^Expires .*2999$/);
  });
});

describe('addresses typed for a link', () => {
  it('adds what is still typed to the chips, lower-cased and once each', () => {
    expect(collectEmails(['ann@example.com'], '')).toEqual(['ann@example.com']);
    expect(collectEmails(['ann@example.com'], ' Bob@Example.com, ann@example.com ')).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('refuses the whole list when a typed address breaks the spec’s email rule', () => {
    expect(collectEmails([], 'bob@example')).toBeNull();
    expect(collectEmails(['ann@example.com'], 'ann@example.com not-an-address')).toBeNull();
  });
});
