import type { NavigationLevelFolder } from '@filestore/contract';
import { describe, expect, it } from 'vitest';
import { flatten, openLevels } from './move-tree';

const node = (id: string, hasFolders = false): NavigationLevelFolder => ({
  id,
  name: id,
  color: null,
  emoji: null,
  parent_id: null,
  has_folders: hasFolders,
});

// One level per folder, as GET /api/browse/navigation/{id} answers them (ADR 0072).
const levels = new Map<string | null, NavigationLevelFolder[]>([
  [null, [node('Photos', true), node('Work')]],
  ['Photos', [node('2023', true), node('2024')]],
  ['2023', [node('Summer')]],
]);

describe('the move popup tree', () => {
  it('starts with the root and shows children of open folders only', () => {
    const rows = flatten(null, levels, 'My Files', new Set(['Photos']), new Set());
    expect(rows.map((r) => [r.name, r.depth])).toEqual([
      ['My Files', 0],
      ['Photos', 1],
      ['2023', 2],
      ['2024', 2],
      ['Work', 1],
    ]);
  });

  it('disables a moved folder and everything inside it, so nothing moves into itself', () => {
    const rows = flatten(null, levels, 'My Files', new Set(['Photos', '2023']), new Set(['2023']));
    const disabled = rows.filter((r) => r.disabled).map((r) => r.name);
    expect(disabled).toEqual(['2023', 'Summer']);
    expect(rows.find((r) => r.name === 'Photos')?.disabled).toBe(false);
    expect(rows[0]?.disabled).toBe(false);
  });

  it('asks for the levels of open folders only once their parent level is in, and shows them loading', () => {
    const some = new Map<string | null, NavigationLevelFolder[]>([[null, levels.get(null)!]]);
    expect(openLevels(null, (id) => some.get(id), new Set(['Photos', '2023']))).toEqual([null, 'Photos']);
    expect(openLevels(null, (id) => levels.get(id), new Set(['Photos', '2023']))).toEqual([null, 'Photos', '2023']);
    const rows = flatten(null, some, 'My Files', new Set(['Photos']), new Set());
    expect(rows.find((r) => r.name === 'Photos')).toMatchObject({ expanded: true, loading: true });
  });
});

describe('a level that could not be loaded', () => {
  it('shows its folder closed and not loading, so the row does not spin for ever', () => {
    const partial = new Map([[null, [node('Photos', true), node('Work')]]]);
    const waiting = flatten(null, partial, 'My Files', new Set(['Photos']), new Set());
    expect(waiting.find((r) => r.name === 'Photos')).toMatchObject({ expanded: true, loading: true, failed: false });
    const rows = flatten(null, partial, 'My Files', new Set(['Photos']), new Set(), new Set(['Photos']));
    expect(rows.find((r) => r.name === 'Photos')).toMatchObject({
      expanded: false,
      loading: false,
      failed: true,
      hasChildren: true,
    });
    expect(rows.map((r) => r.name)).toEqual(['My Files', 'Photos', 'Work']);
  });
});
