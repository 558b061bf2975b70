import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from '../../../app/routing';
import { usePreferences } from '../../../lib/preferences';
import { cn } from '../../../ui/cn';
import { ContextMenu } from '../../../ui/Menu';
import { Spinner } from '../../../ui/Spinner';
import { useUploadPanelHeight } from '../../uploads';
import { useItemActions } from '../actions';
import type { Item } from '../items';
import { FileDropZone } from './FileDropZone';
import { ItemView } from './ItemView';
import { useFilesSource } from './source';
import { selectedItems, selectionCount, useBrowser, type BrowserContext } from './store';
import { useFinePointer } from './useMedia';
import { useDropHandlers } from './useDropHandlers';
import { useItemEvents } from './useItemEvents';
import { useListKeyboard } from './useListKeyboard';

/** Fixed sizes keep the virtual list exact: nothing jumps while thumbnails or pages arrive. */
const ROW_HEIGHT = 64;
const TILE_HEIGHT = 204;
const TILE_MIN_WIDTH = 164;
const GRID_PADDING = 12;
const PREFETCH_ROWS = 12;
/** An item's option, or its ⋯ button beside it (ItemView): clicks and menus there are the item's. */
const ITEM = '[data-item-id], [data-item-for]';

interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last attempt at the next page failed: wait for the user instead of retrying in a loop. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface ListingViewProps {
  items: Item[];
  pager: Pager;
  context: BrowserContext;
  folderId: string | null;
  /** Shown instead of the items when there are none. */
  empty: ReactNode;
  label: string;
}

/** The folder whose listing was last on screen: coming back up, the cursor starts on it. */
let folderLeft: string | null = null;
/** Listings shown since the page loaded: the first one leaves focus where the page put it. */
let arrivals = 0;

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The items of a listing, virtualised as a list or a grid, with the keyboard of a file manager. */
export function ListingView({ items, pager, context, folderId, empty, label }: ListingViewProps) {
  const { t } = useTranslation();
  const view = usePreferences((s) => s.previewType);
  const selected = useBrowser((s) => s.selected);
  const selectMode = useBrowser((s) => s.selectMode);
  const actions = useItemActions();
  const source = useFilesSource();
  // Dragging items moves them: only where moving is allowed.
  const fine = useFinePointer() && source.can('move');
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  const [active, setActiveState] = useState(0);
  const setActive = useCallback((index: number) => setActiveState(Math.max(0, index)), []);
  const drop = useDropHandlers(context === 'files');
  const { events, menuTarget } = useItemEvents(context, actions, drop, setActive);

  const uploadPanel = useUploadPanelHeight();
  const grid = view === 'grid';
  const columns = grid ? Math.max(2, Math.floor((width - GRID_PADDING * 2) / TILE_MIN_WIDTH)) : 1;
  const rowCount = Math.ceil(items.length / columns);
  const rowHeight = grid ? TILE_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: rowCount + (pager.hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: grid ? 2 : 8,
    paddingStart: grid ? GRID_PADDING : 8,
    // Room under the last item for the phone's upload button and action bar, which stand above the
    // upload panel while it shows: the list scrolls its last rows (and their ⋯ buttons) out from under both.
    paddingEnd: 112 + uploadPanel,
    scrollPaddingEnd: uploadPanel,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight, columns]);

  const rows = virtualizer.getVirtualItems();
  const lastRow = rows[rows.length - 1]?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pager;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && lastRow >= rowCount - PREFETCH_ROWS) {
      void fetchNextPage();
    }
  }, [lastRow, rowCount, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  const reveal = useCallback(
    (index: number) => virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' }),
    [virtualizer, columns],
  );

  // Spotlight search opens /platform/files/<folder>?highlight=<item>: find it (loading pages as needed), select it.
  const [params, setParams] = useSearchParams();
  const highlight = params.get('highlight');
  const scope = useBrowser((s) => s.scope);
  const storeItems = useBrowser((s) => s.items);
  useEffect(() => {
    if (!highlight || storeItems !== items) return;
    const index = items.findIndex((i) => i.id === highlight);
    if (index < 0 && hasNextPage) {
      if (!isFetchingNextPage) void fetchNextPage();
      return;
    }
    if (index >= 0) {
      useBrowser.getState().select([highlight], highlight);
      setActive(index);
      virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'center' });
      scrollRef.current?.focus({ preventScroll: true });
    }
    setParams(
      (p) => {
        p.delete('highlight');
        return p;
      },
      { replace: true },
    );
  }, [
    highlight,
    items,
    storeItems,
    scope,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    virtualizer,
    columns,
    setActive,
    setParams,
  ]);

  // Arriving in a folder (spec §4 keyboard): the cursor starts on the folder just left when going
  // back up, else on the first item; and if the way here took focus away (the list it was in went
  // while the folder loaded, or the dialog or menu that navigated closed), the list gets it back.
  const arrivedAt = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (arrivedAt.current === scope || storeItems !== items) return;
    arrivedAt.current = scope;
    arrivals += 1;
    const index = folderLeft ? items.findIndex((i) => i.id === folderLeft) : -1;
    setActive(Math.max(0, index));
    if (index >= 0) reveal(index);
    const focus = document.activeElement;
    if (arrivals > 1 && (!focus || focus === document.body)) scrollRef.current?.focus({ preventScroll: true });
  }, [scope, items, storeItems, setActive, reveal]);
  useEffect(() => () => void (folderLeft = folderId), [folderId]);

  /** Shift+F10 or the menu key: the menu of the item under the cursor, shown at the item. */
  const openItemMenu = useCallback(() => {
    const item = useBrowser.getState().items[activeIndex];
    const list = scrollRef.current;
    if (!item || !list) return false;
    reveal(activeIndex);
    const show = () => {
      const element = list.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(item.id)}"]`);
      if (!element) return;
      const box = element.getBoundingClientRect();
      // The item's own handler selects it (unless part of the selection) and picks the items' menu.
      element.dispatchEvent(
        new MouseEvent('contextmenu', {
          bubbles: true,
          cancelable: true,
          clientX: box.left + Math.min(box.width / 2, 64),
          clientY: box.top + box.height / 2,
        }),
      );
    };
    // A row scrolled into view is drawn at the next frame.
    if (list.querySelector(`[data-item-id="${CSS.escape(item.id)}"]`)) show();
    else requestAnimationFrame(show);
    return true;
  }, [activeIndex, reveal]);

  const handleKey = useListKeyboard({
    context,
    actions,
    activeIndex,
    setActive,
    reveal,
    columns,
    grid,
    scrollRef,
    openItemMenu,
  });

  const activeItem = items[activeIndex];
  return (
    <ContextMenu
      actions={() =>
        menuTarget.current === 'items'
          ? actions.menuFor(selectedItems(useBrowser.getState()), context)
          : actions.menuForArea(context, folderId, items.length > 0)
      }
      header={() => {
        const count = selectionCount(useBrowser.getState());
        return menuTarget.current === 'items' && count > 1 ? t('files.selected_count', { count }) : undefined;
      }}
    >
      <FileDropZone
        folderId={folderId}
        enabled={context === 'files' && source.can('upload')}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div
          ref={scrollRef}
          role={items.length ? 'listbox' : 'region'}
          aria-label={label}
          aria-multiselectable={items.length ? true : undefined}
          id="file-list"
          aria-activedescendant={activeItem ? `item-${activeItem.id}` : undefined}
          // The items' menus: their ⋯ buttons are for pointers only (ItemView).
          aria-keyshortcuts={items.length ? 'Shift+F10 ContextMenu' : undefined}
          tabIndex={0}
          onKeyDown={(e) => e.target === e.currentTarget && handleKey(e)}
          // Windows opens the page's menu when the menu key comes up: the key down opened the item's.
          onKeyUp={(e) => e.key === 'ContextMenu' && e.preventDefault()}
          onClick={(e) => {
            if (!(e.target as Element).closest(ITEM) && !useBrowser.getState().selectMode) {
              useBrowser.getState().clear();
            }
          }}
          onContextMenu={(e) => {
            if ((e.target as Element).closest(ITEM)) return;
            menuTarget.current = 'area';
            useBrowser.getState().clear();
            if (!actions.menuForArea(context, folderId, items.length > 0).length) e.preventDefault();
          }}
          className="group/list relative min-h-0 flex-1 overflow-y-auto overscroll-contain focus:outline-none"
        >
          {items.length === 0 ? (
            empty
          ) : (
            <div style={{ height: virtualizer.getTotalSize() }} className={cn('relative w-full', grid && 'px-3')}>
              {rows.map((row) => {
                const start = row.index * columns;
                if (start >= items.length) {
                  return (
                    <div
                      key="more"
                      style={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        width: '100%',
                        height: row.size,
                        transform: `translateY(${row.start}px)`,
                      }}
                      className="flex items-center justify-center gap-2 text-sm text-neutral-500 dark:text-neutral-400"
                    >
                      {isFetchNextPageError && !isFetchingNextPage ? (
                        <>
                          {t('files.load_more_failed')}
                          <button
                            type="button"
                            onClick={() => void fetchNextPage()}
                            className="rounded-lg px-2 py-1 font-semibold text-accent-strong hover:bg-accent/10 dark:text-accent"
                          >
                            {t('common.try_again')}
                          </button>
                        </>
                      ) : (
                        <>
                          <Spinner />
                          {t('files.loading_more')}
                        </>
                      )}
                    </div>
                  );
                }
                const slice = items.slice(start, start + columns);
                const rowStyle = {
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: row.size,
                  transform: `translateY(${row.start}px)`,
                } as const;
                if (!grid) {
                  const item = slice[0]!;
                  return (
                    <ItemView
                      key={item.id}
                      item={item}
                      view="list"
                      context={context}
                      selected={selected.has(item.id)}
                      active={row.index === activeIndex}
                      selectMode={selectMode}
                      draggable={fine}
                      events={events}
                      top={row.start}
                      height={row.size}
                    />
                  );
                }
                return (
                  <div key={row.key} style={rowStyle} className="flex">
                    {slice.map((item, i) => (
                      <ItemView
                        key={item.id}
                        item={item}
                        view="grid"
                        context={context}
                        selected={selected.has(item.id)}
                        active={start + i === activeIndex}
                        selectMode={selectMode}
                        draggable={fine}
                        events={events}
                        widthPercent={100 / columns}
                      />
                    ))}
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </FileDropZone>
    </ContextMenu>
  );
}
