import { useRef, useState, type KeyboardEvent } from 'react';
import { keyOf, type Row } from './move-tree';

/**
 * The state and keyboard of a single-choice folder tree (the move popup, the request popup's
 * folder): which folders are open, which row has focus, and the WAI-ARIA tree keys (arrows move and
 * open or close, Home/End, Enter/Space choose).
 */
export function useFolderTree(initialExpanded: () => Set<string>, initialFocus: string) {
  const [expanded, setExpanded] = useState(initialExpanded);
  const [focused, setFocused] = useState(initialFocus);
  const listRef = useRef<HTMLUListElement>(null);

  const toggle = (id: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const focusRow = (row: Row | undefined) => {
    if (!row) return;
    setFocused(keyOf(row.id));
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-key="${keyOf(row.id)}"]`)?.focus());
  };

  const onKeyDown = (e: KeyboardEvent, rows: Row[], index: number, choose: (row: Row) => void) => {
    const row = rows[index];
    if (!row) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusRow(rows[index + 1]),
      ArrowUp: () => focusRow(rows[index - 1]),
      Home: () => focusRow(rows[0]),
      End: () => focusRow(rows[rows.length - 1]),
      ArrowRight: () => {
        if (row.id && row.hasChildren && !row.expanded) toggle(row.id, true);
        else if (row.expanded) focusRow(rows[index + 1]);
      },
      ArrowLeft: () => {
        if (row.id && row.expanded) toggle(row.id, false);
        else focusRow(rows.find((r) => r.id === row.parent));
      },
      Enter: () => choose(row),
      ' ': () => choose(row),
    };
    const run = keys[e.key];
    if (run) {
      e.preventDefault();
      run();
    }
  };

  return { expanded, focused, setFocused, listRef, toggle, onKeyDown };
}
