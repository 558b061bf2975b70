import type { TFunction } from '../../../lib/i18n';
import { Check, Ellipsis, Star } from 'lucide-react';
import { memo, useEffect, useState, type DragEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';
import { DropdownMenu, type MenuAction } from '../../../ui/Menu';
import { SharedMark } from '../../sharing/owner/SharedSection';
import { MemberStack, membersLabel } from '../../teams/MemberAvatars';
import { formatDate, useDisplayTimezone } from '../../../lib/dates';
import { formatBytes } from '../format';
import { isFolder, type Item } from '../items';
import { useFolderDrop, type DropHandlers } from './dnd';
import { ItemIcon } from './ItemIcon';
import type { BrowserContext } from './store';

/** What the browser does when an item is clicked, dragged or asked for its menu. */
export interface ItemEvents {
  pointerDown: (e: PointerEvent) => void;
  click: (e: MouseEvent, item: Item) => void;
  doubleClick: (item: Item) => void;
  contextMenu: (item: Item) => void;
  dragStart: (e: DragEvent, item: Item) => void;
  dragEnd: () => void;
  /** The menu of the item's ⋯ button: the whole selection when the item is part of it. */
  menu: (item: Item) => MenuAction[];
  menuOpening: (item: Item) => void;
  drop: DropHandlers;
}

interface ItemViewProps {
  item: Item;
  view: 'list' | 'grid';
  context: BrowserContext;
  selected: boolean;
  active: boolean;
  selectMode: boolean;
  draggable: boolean;
  events: ItemEvents;
  /** List rows: where the virtual list puts the row. Grid tiles: their share of the row's width. */
  top?: number;
  height?: number;
  widthPercent?: number;
}

/** "12 items, 3 Mar 2024" for folders, "2.4 MB, 3 Mar 2024" for files (plus where, on Recent). */
export function metaLine(t: TFunction, item: Item, context: BrowserContext): string {
  const date = formatDate(
    context === 'trash' && item.attributes.deleted_at ? item.attributes.deleted_at : item.attributes.created_at,
  );
  const first = isFolder(item)
    ? t('files.items_count', { count: item.attributes.items })
    : formatBytes(item.attributes.size);
  const parts = [first, context === 'trash' ? t('trash.deleted_on', { date }) : date];
  if (context === 'recent') {
    const team = item.relationships.team?.data;
    parts.push(t('files.in_folder', { name: item.relationships.parent?.data.attributes.name || t('nav.my_files') }));
    if (team) parts.push(t('teams.in_team', { name: team.name }));
  }
  return parts.join(', ');
}

/** The metadata line's colour: one step darker on the selected row's tint, to keep 4.5:1 there. */
const metaColour = (selected: boolean) =>
  selected ? 'text-neutral-600 dark:text-neutral-300' : 'text-neutral-500 dark:text-neutral-400';

function Checkbox({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-5.5 shrink-0 items-center justify-center rounded-md border-2 transition',
        checked
          ? 'border-accent-strong bg-accent-strong text-white dark:border-accent dark:bg-accent dark:text-neutral-950'
          : 'border-neutral-300 bg-white dark:border-neutral-600 dark:bg-neutral-900',
      )}
    >
      {checked && <Check className="size-3.5" strokeWidth={3.5} />}
    </span>
  );
}

/**
 * The item's ⋯ menu. Rows mount and unmount all the time while a long list scrolls, so the menu
 * machinery is only set up once the button is first pressed.
 */
function MoreButton({ item, events, className }: { item: Item; events: ItemEvents; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [armed, setArmed] = useState(false);
  // Open once the real trigger is in place: opening in the same render as the swap closes at once.
  useEffect(() => {
    if (!armed) return;
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, [armed]);
  const label = t('files.more_actions', { name: item.attributes.name });
  const button = (
    <button
      type="button"
      tabIndex={-1}
      // A listbox option holds no controls (axe nested-interactive), so this button sits beside the
      // option, hidden from assistive technology: there the item's menu is Shift+F10 or the menu
      // key on the option (the list says so), and the selection bar's actions.
      aria-hidden
      data-item-for={item.id}
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      onClick={(e) => {
        e.stopPropagation();
        if (armed) return;
        events.menuOpening(item);
        setArmed(true);
      }}
      onDoubleClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => e.stopPropagation()}
      onContextMenu={() => events.contextMenu(item)}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-neutral-500 transition hover:bg-neutral-200/70 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent data-[state=open]:bg-neutral-200/70 dark:text-neutral-400 dark:hover:bg-neutral-700/70 dark:hover:text-white dark:data-[state=open]:bg-neutral-700/70',
        className,
      )}
    >
      <Ellipsis className="size-5" aria-hidden />
    </button>
  );
  if (!armed) return button;
  return (
    <DropdownMenu
      open={open}
      onOpenChange={(next) => {
        if (next) events.menuOpening(item);
        setOpen(next);
      }}
      actions={() => events.menu(item)}
      trigger={button}
    />
  );
}

/** One item of a listing, as a row or a tile of fixed size (the virtual list positions it). */
export const ItemView = memo(function ItemView({
  item,
  view,
  context,
  selected,
  active,
  selectMode,
  draggable,
  events,
  top = 0,
  height = 0,
  widthPercent = 100,
}: ItemViewProps) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const folder = isFolder(item);
  const drop = useFolderDrop({ target: { id: item.id, name: item.attributes.name }, on: events.drop });
  const dropEnabled = folder && context !== 'trash';
  const name = item.attributes.name;
  const meta = metaLine(t, item, context);
  const favourite = folder && item.attributes.is_favourite && context !== 'trash';
  // A team folder shows its people (owner first); the names are read with the item.
  const members = context !== 'trash' ? (item.relationships.members?.data ?? []) : [];
  const description = [
    item.relationships.shared && context !== 'trash' ? t('sharing.is_shared') : null,
    members.length ? membersLabel(t, members) : null,
  ]
    .filter(Boolean)
    .join('. ');

  const shared = {
    id: `item-${item.id}`,
    role: 'option',
    'aria-selected': selected,
    // The name then what the row shows under it (size or count, date): a name that leaves out visible
    // text fails WCAG 2.5.3 label in name (axe label-content-name-mismatch), and a voice user says
    // what they see.
    'aria-label': `${name}, ${meta}`,
    'aria-description': description || undefined,
    'data-item-id': item.id,
    draggable: draggable && context !== 'trash',
    onPointerDown: events.pointerDown,
    onClick: (e: MouseEvent) => events.click(e, item),
    onDoubleClick: () => events.doubleClick(item),
    onContextMenu: () => events.contextMenu(item),
    onDragStart: (e: DragEvent) => events.dragStart(e, item),
    onDragEnd: events.dragEnd,
  };
  // Dropping on the item's ⋯ button (beside the option) drops into the folder too.
  const dropArea = dropEnabled ? drop.handlers : {};
  const surface = cn(
    'relative cursor-default select-none transition-colors',
    selected
      ? 'bg-accent/12 dark:bg-accent/15'
      : 'group-hover/item:bg-neutral-100 dark:group-hover/item:bg-neutral-800/60',
    active &&
      'group-focus-visible/list:outline-2 group-focus-visible/list:-outline-offset-2 group-focus-visible/list:outline-accent',
    drop.over && dropEnabled && 'bg-accent/15 ring-2 ring-accent ring-inset',
  );

  if (view === 'grid') {
    return (
      <div style={{ width: `${widthPercent}%`, height: '100%' }} className="p-1.5">
        <div {...dropArea} className="group/item relative h-full">
          <div {...shared} className={cn(surface, 'flex h-full flex-col items-center rounded-2xl px-3 pt-4 pb-3')}>
            <div className="relative flex h-28 w-full items-center justify-center">
              <ItemIcon item={item} size="md" />
              {members.length > 0 && (
                <MemberStack people={members} max={3} size={24} className="absolute right-1 bottom-1" />
              )}
            </div>
            <p
              className="mt-2 w-full truncate text-center text-sm font-semibold text-neutral-900 dark:text-neutral-100"
              title={name}
            >
              {name}
            </p>
            <p className={cn('mt-0.5 w-full truncate text-center text-xs', metaColour(selected))} title={meta}>
              {item.relationships.shared && context !== 'trash' && <SharedMark />}
              {meta}
            </p>
            {selectMode && (
              <span className="absolute top-2.5 left-2.5">
                <Checkbox checked={selected} />
              </span>
            )}
            {favourite && !selectMode && (
              <Star
                className="absolute top-3 left-3 size-4 fill-amber-400 text-amber-400"
                aria-label={t('files.is_favourite')}
              />
            )}
          </div>
          <MoreButton item={item} events={events} className="absolute top-1.5 right-1.5 size-9" />
        </div>
      </div>
    );
  }

  return (
    <div
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', height, transform: `translateY(${top}px)` }}
      className="px-2 sm:px-3"
    >
      <div {...dropArea} className="group/item relative h-full">
        <div
          {...shared}
          className={cn(surface, 'flex h-full items-center gap-3 rounded-xl pr-12 pl-2 sm:gap-4 sm:pl-3')}
        >
          {selectMode && <Checkbox checked={selected} />}
          <ItemIcon item={item} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-1.5 text-[15px] font-semibold text-neutral-900 dark:text-neutral-100">
              <span className="truncate" title={name}>
                {name}
              </span>
              {favourite && (
                <Star
                  className="size-3.5 shrink-0 fill-amber-400 text-amber-400"
                  aria-label={t('files.is_favourite')}
                />
              )}
            </p>
            <p className={cn('truncate text-[13px]', metaColour(selected))} title={meta}>
              {item.relationships.shared && context !== 'trash' && <SharedMark />}
              {meta}
            </p>
          </div>
          {members.length > 0 && <MemberStack people={members} max={4} size={26} className="max-sm:hidden" />}
        </div>
        <MoreButton item={item} events={events} className="absolute top-1/2 right-1 -translate-y-1/2" />
      </div>
    </div>
  );
});
