import { ITEMS_PER_REQUEST_MAX, type Breadcrumb } from '@filestore/contract';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { create } from 'zustand';
import { isFolder, type FolderItem, type Item } from '../items';

/**
 * Which screen a listing belongs to: it decides the actions offered on its items. `teams` is the
 * top of Team Folders or Shared with Me: team folders gathered from wherever they are, not a folder.
 */
export type BrowserContext = 'files' | 'recent' | 'trash' | 'teams';

interface BrowserState {
  /** Identity of the listing on screen (screen + folder); a new one clears the selection. */
  scope: string | null;
  context: BrowserContext | null;
  /** The folder being listed (null at a root) and its ancestors, outermost first. */
  folder: FolderItem | null;
  path: Breadcrumb[];
  items: Item[];
  /** How many items the listing has in all, loaded or not (its `paginate.total`). */
  total: number;
  selected: ReadonlySet<string>;
  /**
   * "Select all" of a folder (ADR 0018): every item of the folder, loaded or not, but `except`.
   * `selected` then holds the loaded ones; items loaded later join it. Null for a selection of ids.
   */
  all: { except: ReadonlySet<string> } | null;
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
    total?: number;
  }) => void;
  leave: (scope: string) => void;
  select: (ids: Iterable<string>, anchor?: string | null) => void;
  toggle: (id: string) => void;
  selectRange: (to: string) => void;
  selectAll: () => void;
  clear: () => void;
  setSelectMode: (on: boolean) => void;
}

/**
 * Names of the folders listings have shown (their items, the folder, its breadcrumbs), so a folder
 * being opened is named in the header and the tab at once, before its own listing arrives.
 */
const folderNames = new Map<string, string>();
function rememberNames(folder: FolderItem | null, path: Breadcrumb[], items: Item[]) {
  if (folderNames.size > 5000) folderNames.clear();
  for (const crumb of path) folderNames.set(crumb.id, crumb.name);
  if (folder) folderNames.set(folder.id, folder.attributes.name);
  for (const item of items) if (isFolder(item)) folderNames.set(item.id, item.attributes.name);
}

/** Names the folder tree has shown: a folder opened from the tree is named before its listing arrives. */
export function rememberFolderNames(folders: readonly { id: string; name: string }[]) {
  if (folderNames.size > 5000) folderNames.clear();
  for (const folder of folders) folderNames.set(folder.id, folder.name);
}

/** The name a folder had in the last listing that showed it, if one did. */
export function knownFolderName(id: string): string | undefined {
  return folderNames.get(id);
}

export const useBrowser = create<BrowserState>((set, get) => ({
  scope: null,
  context: null,
  folder: null,
  path: [],
  items: [],
  total: 0,
  selected: new Set(),
  all: null,
  anchor: null,
  selectMode: false,
  setListing: ({ scope, context, folder, path, items, total = items.length }) => {
    rememberNames(folder, path, items);
    const state = get();
    if (state.scope !== scope) {
      set({ scope, context, folder, path, items, total, selected: new Set(), all: null, anchor: null });
      return;
    }
    const { all } = state;
    if (all) {
      // The whole folder stays selected: items loaded since join, the exceptions stay out.
      const selected = new Set(items.filter((i) => !all.except.has(i.id)).map((i) => i.id));
      const whole = total - all.except.size > 0;
      set({ context, folder, path, items, total, selected, ...(whole ? {} : { all: null }) });
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
      total,
      ...(kept.length !== state.selected.size ? { selected: new Set(kept) } : {}),
    });
  },
  leave: (scope) => {
    if (get().scope === scope)
      set({
        scope: null,
        context: null,
        folder: null,
        path: [],
        items: [],
        total: 0,
        selected: new Set(),
        all: null,
        anchor: null,
      });
  },
  select: (ids, anchor) => {
    const selected = new Set(ids);
    set({ selected, all: null, anchor: anchor === undefined ? ([...selected][0] ?? null) : anchor });
  },
  toggle: (id) => {
    const { all } = get();
    const selected = new Set(get().selected);
    const adding = !selected.has(id);
    if (adding) selected.add(id);
    else selected.delete(id);
    if (all) {
      // After "select all", deselecting keeps "all except these".
      const except = new Set(all.except);
      if (adding) except.delete(id);
      else except.add(id);
      const none = get().total - except.size <= 0;
      set({ selected, all: none ? null : { except }, anchor: id });
      return;
    }
    set({ selected, anchor: id });
  },
  selectRange: (to) => {
    const { items, anchor } = get();
    const from = items.findIndex((i) => i.id === anchor);
    const end = items.findIndex((i) => i.id === to);
    if (end < 0) return;
    const start = from < 0 ? end : from;
    const [a, b] = start <= end ? [start, end] : [end, start];
    set({ selected: new Set(items.slice(a, b + 1).map((i) => i.id)), all: null, anchor: from < 0 ? to : anchor });
  },
  selectAll: () =>
    set((s) => ({
      selected: new Set(s.items.map((i) => i.id)),
      // A folder's listing selects the whole folder, loaded or not; the others what is loaded.
      all: s.context === 'files' && s.items.length > 0 ? { except: new Set() } : null,
    })),
  clear: () => set({ selected: new Set(), all: null, anchor: null }),
  setSelectMode: (selectMode) =>
    set(selectMode ? { selectMode } : { selectMode, selected: new Set(), all: null, anchor: null }),
}));

/** How many items are selected, counting those of a whole-folder selection not loaded yet. */
export function selectionCount(state: Pick<BrowserState, 'selected' | 'all' | 'total'>): number {
  return state.all ? Math.max(0, state.total - state.all.except.size) : state.selected.size;
}

export function useSelectionCount(): number {
  return useBrowser(selectionCount);
}

/** Whether every item of the folder is selected (after Ctrl+A, with no exceptions). */
export function useAllSelected(): boolean {
  return useBrowser((s) => s.all !== null && s.all.except.size === 0);
}

/**
 * The whole-folder form of a selection (ADR 0018) when `items` is the current "select all" and
 * the folder has more than what is loaded (or exceptions): actions then name the folder, not ids.
 * `evenIfLoaded`: also when every item is loaded (a zip of the whole folder is named after it,
 * however many items it has).
 */
export function wholeFolderSelection(
  items: readonly Item[],
  { evenIfLoaded = false }: { evenIfLoaded?: boolean } = {},
): { count: number; except: string[] } | null {
  const s = useBrowser.getState();
  if (!s.all || s.context !== 'files') return null;
  if (items.length !== s.selected.size || !items.every((i) => s.selected.has(i.id))) return null;
  // All loaded: the ids say the same, and the trash can then undo by them.
  if (!evenIfLoaded && s.total <= s.items.length && s.selected.size <= ITEMS_PER_REQUEST_MAX) return null;
  return { count: selectionCount(s), except: [...s.all.except] };
}

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

/**
 * What the selection is called: "All 1,500 items selected" after "select all" of a folder,
 * "1,499 items selected" once some were left out, else the count (the short form for phones).
 */
export function useSelectionLabel(short = false): { text: string; all: boolean; count: number } {
  const { t, i18n } = useTranslation();
  const count = useSelectionCount();
  const all = useAllSelected();
  const total = useBrowser((s) => s.total);
  const number = new Intl.NumberFormat(i18n.language).format(count);
  if (all && count === total && count > 1) {
    return { text: t(short ? 'files.all_selected_short' : 'files.all_selected', { count, number }), all, count };
  }
  return { text: t(short ? 'files.selected_number_short' : 'files.selected_number', { count, number }), all, count };
}
