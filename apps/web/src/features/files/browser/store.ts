import type { Breadcrumb } from '@filestore/contract';
import { useMemo } from 'react';
import { create } from 'zustand';
import type { FolderItem, Item } from '../items';

/** Which screen a listing belongs to: it decides the actions offered on its items. */
export type BrowserContext = 'files' | 'recent' | 'trash';

interface BrowserState {
  /** Identity of the listing on screen (screen + folder); a new one clears the selection. */
  scope: string | null;
  context: BrowserContext | null;
  /** The folder being listed (null at a root) and its ancestors, outermost first. */
  folder: FolderItem | null;
  path: Breadcrumb[];
  items: Item[];
  selected: ReadonlySet<string>;
  /** Where a Shift+click range starts. */
  anchor: string | null;
  /** Spec §4 multi-select mode: checkboxes show and a tap toggles. */
  selectMode: boolean;
  setListing: (listing: {
    scope: string;
    context: BrowserContext;
    folder: FolderItem | null;
    path: Breadcrumb[];
    items: Item[];
  }) => void;
  leave: (scope: string) => void;
  select: (ids: Iterable<string>, anchor?: string | null) => void;
  toggle: (id: string) => void;
  selectRange: (to: string) => void;
  selectAll: () => void;
  clear: () => void;
  setSelectMode: (on: boolean) => void;
}

export const useBrowser = create<BrowserState>((set, get) => ({
  scope: null,
  context: null,
  folder: null,
  path: [],
  items: [],
  selected: new Set(),
  anchor: null,
  selectMode: false,
  setListing: ({ scope, context, folder, path, items }) => {
    const state = get();
    if (state.scope !== scope) {
      set({ scope, context, folder, path, items, selected: new Set(), anchor: null });
      return;
    }
    // Items that left the listing (trashed, moved) leave the selection too.
    const present = new Set(items.map((i) => i.id));
    const kept = [...state.selected].filter((id) => present.has(id));
    set({
      context,
      folder,
      path,
      items,
      ...(kept.length !== state.selected.size ? { selected: new Set(kept) } : {}),
    });
  },
  leave: (scope) => {
    if (get().scope === scope)
      set({ scope: null, context: null, folder: null, path: [], items: [], selected: new Set(), anchor: null });
  },
  select: (ids, anchor) => {
    const selected = new Set(ids);
    set({ selected, anchor: anchor === undefined ? ([...selected][0] ?? null) : anchor });
  },
  toggle: (id) => {
    const selected = new Set(get().selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    set({ selected, anchor: id });
  },
  selectRange: (to) => {
    const { items, anchor } = get();
    const from = items.findIndex((i) => i.id === anchor);
    const end = items.findIndex((i) => i.id === to);
    if (end < 0) return;
    const start = from < 0 ? end : from;
    const [a, b] = start <= end ? [start, end] : [end, start];
    set({ selected: new Set(items.slice(a, b + 1).map((i) => i.id)), anchor: from < 0 ? to : anchor });
  },
  selectAll: () => set((s) => ({ selected: new Set(s.items.map((i) => i.id)) })),
  clear: () => set({ selected: new Set(), anchor: null }),
  setSelectMode: (selectMode) => set(selectMode ? { selectMode } : { selectMode, selected: new Set(), anchor: null }),
}));

/** The selected items in listing order. */
export function selectedItems(state: Pick<BrowserState, 'items' | 'selected'>): Item[] {
  if (state.selected.size === 0) return [];
  return state.items.filter((i) => state.selected.has(i.id));
}

export function useSelectedItems(): Item[] {
  const items = useBrowser((s) => s.items);
  const selected = useBrowser((s) => s.selected);
  return useMemo(() => selectedItems({ items, selected }), [items, selected]);
}
