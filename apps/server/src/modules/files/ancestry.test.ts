import { describe, expect, it } from 'vitest';
import { Ancestry } from './ancestry.repository.js';

const tree = (nodes: Record<string, { parentId: string | null; trashed?: boolean }>) =>
  new Ancestry(new Map(Object.entries(nodes).map(([id, n]) => [id, { parentId: n.parentId, trashed: !!n.trashed }])));

describe('Ancestry', () => {
  // root ─ a ─ b(trashed) ─ c ─ d ; root ─ e
  const nodes = {
    root: { parentId: null },
    a: { parentId: 'root' },
    b: { parentId: 'a', trashed: true },
    c: { parentId: 'b' },
    d: { parentId: 'c' },
    e: { parentId: 'root' },
  };

  it('names the item whose trashing put each item in the trash, in any order of asking', () => {
    for (const order of [
      ['d', 'c', 'b', 'a', 'e'],
      ['a', 'e', 'b', 'c', 'd'],
    ]) {
      const ancestry = tree(nodes);
      const answers = Object.fromEntries(order.map((id) => [id, ancestry.trashedBy(id)]));
      expect(answers).toEqual({ a: null, b: 'b', c: 'b', d: 'b', e: null });
    }
  });

  it('says whether an item lies in a subtree, the root included', () => {
    const ancestry = tree(nodes);
    expect(['d', 'c', 'b', 'a', 'e', 'root'].map((id) => ancestry.isWithin(id, 'b'))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(ancestry.isWithin('e', 'root')).toBe(true);
  });

  it('lists the selected ancestors of each item, nearest first', () => {
    const above = tree(nodes).selectedAbove(new Set(['d', 'b', 'root', 'e']));
    expect([...above('d')]).toEqual(['b', 'root']);
    expect([...above('e')]).toEqual(['root']);
    expect([...above('root')]).toEqual([]);
  });

  it('refuses to answer for items in a cycle instead of looping', () => {
    const ancestry = tree({ x: { parentId: 'y' }, y: { parentId: 'x' } });
    expect(() => ancestry.trashedBy('x')).toThrow(/cycle/);
    expect(() => ancestry.isWithin('x', 'root')).toThrow(/cycle/);
    expect(() => [...ancestry.selectedAbove(new Set(['z']))('x')]).toThrow(/cycle/);
  });
});
