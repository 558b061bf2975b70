import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { touched } from './live';

const listing = (folder: string, itemIds: string[]) =>
  ({
    queryKey: ['files', 'browse', folder, 'name', 'asc'],
    state: { data: { pages: [{ data: itemIds.map((id) => ({ data: { id } })) }] } },
  }) as unknown as Query;

describe('which listings an items.changed refreshes', () => {
  it('the folder that changed', () => {
    expect(touched(listing('a', []), new Set(['a']))).toBe(true);
    expect(touched(listing('all', []), new Set(['all']))).toBe(true);
  });

  it('a listing showing that folder as an item, whose count changed', () => {
    expect(touched(listing('all', ['inbox', 'photos']), new Set(['inbox']))).toBe(true);
  });

  it('not a listing that neither is nor shows it', () => {
    expect(touched(listing('all', ['photos']), new Set(['inbox']))).toBe(false);
    expect(touched(listing('b', []), new Set(['inbox']))).toBe(false);
  });
});

describe('team listings (issue 14)', () => {
  const team = (view: string, folder: string) =>
    ({ queryKey: ['files', view, folder, 'name', 'ASC'], state: { data: { pages: [] } } }) as unknown as Query;

  it('a team folder’s content refreshes when it changed, for the owner and for members', () => {
    expect(touched(team('team-folders', 'project'), new Set(['project']))).toBe(true);
    expect(touched(team('shared-with-me', 'project'), new Set(['project']))).toBe(true);
    expect(touched(team('shared-with-me', 'other'), new Set(['project']))).toBe(false);
  });

  it('the tops of both screens refresh on any change (team folders live anywhere in their owners’ trees)', () => {
    expect(touched(team('team-folders', 'all'), new Set(['somewhere']))).toBe(true);
    expect(touched(team('shared-with-me', 'all'), new Set(['all']))).toBe(true);
  });
});
