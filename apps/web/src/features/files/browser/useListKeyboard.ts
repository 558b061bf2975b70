import { useEffect, useRef, type RefObject } from 'react';
import type { ItemActions } from '../actions';
import { useFilesSource } from './source';
import { selectedItems, useBrowser, type BrowserContext } from './store';

type Keys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'preventDefault' | 'stopPropagation'>;

interface Options {
  context: BrowserContext;
  actions: ItemActions;
  /** The keyboard cursor (an index into the listing) and how to move it. */
  activeIndex: number;
  setActive: (index: number) => void;
  /** Scrolls the item at this index into view. */
  reveal: (index: number) => void;
  /** Items per row: 1 in a list; arrows move by a row in a grid. */
  columns: number;
  grid: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Opens the menu of the item under the keyboard cursor, at the item (Shift+F10, the menu key). */
  openItemMenu: () => boolean;
}

/** The page's text is never the thing selected on a file screen: a highlight left over goes. */
function clearTextHighlight() {
  const selection = window.getSelection();
  if (selection && !selection.isCollapsed) selection.removeAllRanges();
}

/** Fields where Ctrl/Cmd+A and the other keys belong to the text. */
function isEditable(element: Element | null): boolean {
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable || element.matches('input, textarea, select, [role="textbox"], [role="combobox"]'))
  );
}

/** Menus and popups keep their own keys. */
const POPUP = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * The keys of a file manager (spec §4 selection): arrows move (Shift extends), Space toggles,
 * Enter opens, F2 renames, Delete trashes (or deletes for good in the trash), Ctrl/Cmd+A selects
 * all (wherever focus is on the screen, except in a text field or a popup: never the page's text),
 * Escape clears, Shift+F10 or the menu key opens the item's menu. Returns the handler for the
 * list's own keydown.
 */
export function useListKeyboard({
  context,
  actions,
  activeIndex,
  setActive,
  reveal,
  columns,
  grid,
  scrollRef,
  openItemMenu,
}: Options) {
  const source = useFilesSource();
  const handleKey = (e: Keys) => {
    const s = useBrowser.getState();
    const count = s.items.length;
    const mod = e.ctrlKey || e.metaKey;
    const current = s.items[activeIndex];
    const moveTo = (index: number) => {
      const next = Math.min(count - 1, Math.max(0, index));
      const item = s.items[next];
      if (!item) return;
      e.preventDefault();
      setActive(next);
      reveal(next);
      if (e.shiftKey) {
        if (!s.anchor && current) s.select(s.selected, current.id);
        useBrowser.getState().selectRange(item.id);
      } else if (!s.selectMode) s.select([item.id], item.id);
    };
    const targets = () => (s.selected.size ? selectedItems(s) : current ? [current] : []);
    switch (e.key) {
      case 'ArrowDown':
        return moveTo(activeIndex + columns);
      case 'ArrowUp':
        return moveTo(activeIndex - columns);
      case 'ArrowRight':
        return grid ? moveTo(activeIndex + 1) : undefined;
      case 'ArrowLeft':
        return grid ? moveTo(activeIndex - 1) : undefined;
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(count - 1);
      case ' ':
        if (current) {
          e.preventDefault();
          s.toggle(current.id);
        }
        return;
      case 'Enter': {
        const [first, ...rest] = targets();
        if (first && !rest.length) {
          e.preventDefault();
          actions.open(first, context);
        }
        return;
      }
      case 'F2': {
        const list = targets();
        if (context !== 'trash' && list.length === 1 && source.can('rename')) {
          e.preventDefault();
          actions.rename(list[0]!);
        }
        return;
      }
      case 'Delete':
      case 'Backspace': {
        if (e.key === 'Backspace' && !e.metaKey) return;
        const list = targets();
        if (!list.length || !source.can('remove')) return;
        e.preventDefault();
        if (context === 'trash') actions.deleteForever(list);
        else actions.trash(list);
        return;
      }
      case 'ContextMenu':
        if (openItemMenu()) e.preventDefault();
        return;
      case 'F10':
        if (e.shiftKey && openItemMenu()) e.preventDefault();
        return;
      case 'Escape':
        clearTextHighlight();
        if (s.selected.size) {
          e.preventDefault();
          e.stopPropagation();
          s.clear();
        }
        return;
      default:
        if (mod && e.key.toLowerCase() === 'a') {
          e.preventDefault();
          clearTextHighlight();
          s.selectAll();
        }
    }
  };

  // With nothing focused (after a click on empty page chrome, or on arrival) the keys still reach the list.
  const keyHandler = useRef(handleKey);
  keyHandler.current = handleKey;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const active = document.activeElement;
      const mod = e.ctrlKey || e.metaKey;
      const selectAll = mod && !e.altKey && e.key.toLowerCase() === 'a';
      // Ctrl/Cmd+A from anywhere on the screen (the toolbar, the navigator) selects items, not text.
      const anywhere = selectAll && !isEditable(active) && !active?.closest(POPUP) && !document.querySelector(POPUP);
      if (!anywhere && active !== document.body && active !== null) return;
      if (!selectAll && !['Delete', 'Escape', 'F2', 'ArrowDown', 'ArrowUp'].includes(e.key)) return;
      scrollRef.current?.focus({ preventScroll: true });
      keyHandler.current(e);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return handleKey;
}
