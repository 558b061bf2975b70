import { beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../items';
import { selectedItems, useBrowser } from './store';

const folder = (id: string): Item => ({
  id,
  type: 'folder',
  attributes: {
    name: id,
    color: null,
    emoji: null,
    items: 0,
    parent_id: null,
    is_favourite: false,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    deleted_at: null,
  },
  relationships: { parent: null, shared: null },
});

const items = ['a', 'b', 'c', 'd', 'e'].map(folder);
const ids = () => selectedItems(useBrowser.getState()).map((i) => i.id);
const show = (scope: string, list = items) =>
  useBrowser.getState().setListing({ scope, context: 'files', folder: null, path: [], items: list });

describe('selection of the file browser', () => {
  beforeEach(() => {
    useBrowser.getState().setSelectMode(false);
    show('files:root');
    useBrowser.getState().clear();
  });

  it('selects one item, toggles others with Ctrl/Cmd, and a Shift range from the last one clicked', () => {
    const s = useBrowser.getState();
    s.select(['b'], 'b');
    useBrowser.getState().toggle('d');
    expect(ids()).toEqual(['b', 'd']);
    // The range runs from the anchor (the last item clicked) to this one, in listing order.
    useBrowser.getState().selectRange('a');
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    useBrowser.getState().toggle('b');
    expect(ids()).toEqual(['a', 'c', 'd']);
    useBrowser.getState().selectRange('c');
    expect(ids()).toEqual(['b', 'c']);
  });

  it('selects everything loaded, and Escape-style clearing empties it', () => {
    useBrowser.getState().selectAll();
    expect(ids()).toEqual(['a', 'b', 'c', 'd', 'e']);
    useBrowser.getState().clear();
    expect(ids()).toEqual([]);
  });

  it('drops items that left the listing from the selection, and forgets it in another folder', () => {
    useBrowser.getState().select(['a', 'c']);
    show(
      'files:root',
      items.filter((i) => i.id !== 'c'),
    );
    expect(ids()).toEqual(['a']);
    show('files:other');
    expect(ids()).toEqual([]);
  });

  it('turning multi-select mode off clears the selection (spec §4)', () => {
    useBrowser.getState().setSelectMode(true);
    useBrowser.getState().toggle('a');
    useBrowser.getState().toggle('e');
    expect(ids()).toEqual(['a', 'e']);
    useBrowser.getState().setSelectMode(false);
    expect(ids()).toEqual([]);
    expect(useBrowser.getState().selectMode).toBe(false);
  });
});
