import type { NavigationFolder } from '@filestore/contract';
import { describe, expect, it } from 'vitest';
import { flatten } from './move-tree';

const node = (id: string, folders: NavigationFolder[] = []): NavigationFolder => ({
  id,
  name: id,
  color: null,
  emoji: null,
  parent_id: null,
  folders,
});

const tree = [node('Photos', [node('2023', [node('Summer')]), node('2024')]), node('Work')];

describe('the move popup tree', () => {
  it('starts with the root and shows children of open folders only', () => {
    const rows = flatten(tree, 'My Files', new Set(['Photos']), new Set());
    expect(rows.map((r) => [r.name, r.depth])).toEqual([
      ['My Files', 0],
      ['Photos', 1],
      ['2023', 2],
      ['2024', 2],
      ['Work', 1],
    ]);
  });

  it('disables a moved folder and everything inside it, so nothing moves into itself', () => {
    const rows = flatten(tree, 'My Files', new Set(['Photos', '2023']), new Set(['2023']));
    const disabled = rows.filter((r) => r.disabled).map((r) => r.name);
    expect(disabled).toEqual(['2023', 'Summer']);
    expect(rows.find((r) => r.name === 'Photos')?.disabled).toBe(false);
    expect(rows[0]?.disabled).toBe(false);
  });
});
