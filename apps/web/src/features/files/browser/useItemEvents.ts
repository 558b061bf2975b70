import { useMemo, useRef, type PointerEvent } from 'react';
import type { ItemActions } from '../actions';
import type { Item } from '../items';
import { endItemDrag, startItemDrag, type DropHandlers } from './dnd';
import type { ItemEvents } from './ItemView';
import { selectedItems, useBrowser, type BrowserContext } from './store';

/**
 * Clicks, taps, drags and menus of the items (spec §4 selection): a click selects, Ctrl/Cmd+click
 * toggles, Shift+click selects a range, a double click opens. On touch screens a tap opens and
 * a long press opens the menu; in multi-select mode a tap toggles.
 */
export function useItemEvents(
  context: BrowserContext,
  actions: ItemActions,
  drop: DropHandlers,
  setActive: (index: number) => void,
): { events: ItemEvents; menuTarget: React.RefObject<'items' | 'area'> } {
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const pointer = useRef('mouse');
  const menuTarget = useRef<'items' | 'area'>('area');

  const events = useMemo<ItemEvents>(() => {
    const selectAlone = (item: Item) => {
      const s = useBrowser.getState();
      if (!s.selected.has(item.id)) s.select([item.id], item.id);
    };
    return {
      pointerDown: (e: PointerEvent) => {
        pointer.current = e.pointerType;
      },
      click: (e, item) => {
        const s = useBrowser.getState();
        setActive(s.items.findIndex((i) => i.id === item.id));
        if (e.shiftKey) s.selectRange(item.id);
        else if (s.selectMode || e.ctrlKey || e.metaKey) s.toggle(item.id);
        else if (pointer.current === 'touch') actionsRef.current.open(item, context);
        else s.select([item.id], item.id);
      },
      doubleClick: (item) => {
        if (!useBrowser.getState().selectMode && pointer.current !== 'touch') actionsRef.current.open(item, context);
      },
      contextMenu: (item) => {
        selectAlone(item);
        menuTarget.current = 'items';
      },
      dragStart: (e, item) => {
        // A text highlight left on the page would outlive the drag: items are what is being moved.
        window.getSelection()?.removeAllRanges();
        selectAlone(item);
        startItemDrag(e, selectedItems(useBrowser.getState()));
      },
      dragEnd: endItemDrag,
      menu: (item) => {
        const s = useBrowser.getState();
        return actionsRef.current.menuFor(s.selected.has(item.id) ? selectedItems(s) : [item], context);
      },
      menuOpening: selectAlone,
      drop,
    };
  }, [context, drop, setActive]);

  return { events, menuTarget };
}
