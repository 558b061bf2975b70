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
