import { CalendarClock, Copy, Ellipsis, Eye, FolderOpen, Lock, Pencil, Unlink } from 'lucide-react';
import { useDisplayTimezone } from '../../../lib/dates';
import { memo, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { IconButton } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { DropdownMenu, type MenuAction } from '../../../ui/Menu';
import { ItemIcon } from '../../files/browser/ItemIcon';
import { isFolder, type Item } from '../../files/items';
import { expiryLabel, isExpired, permissionLabel } from './labels';
import { useCopyLink } from './LinkField';
import type { Share } from './sharing.api';
import { openSharingDialog } from './store';

export interface SharedEntry {
  item: Item;
  share: Share;
}

function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'accent' | 'danger' }) {
  return (
    <span
      className={cn(
        'inline-flex h-6 max-w-full items-center gap-1 rounded-md px-1.5 text-xs font-medium whitespace-nowrap',
        tone === 'accent' && 'bg-accent/12 text-accent-strong dark:bg-accent/15 dark:text-accent',
        tone === 'danger' && 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300',
        tone === 'neutral' && 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
      )}
    >
      {children}
    </span>
  );
}

/** Permission, password and expiry of a link, as small labels. */
function Badges({ share, center }: { share: Share; center?: boolean }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const expired = isExpired(share);
  const editor = share.attributes.type === 'folder' && share.attributes.permission === 'editor';
  return (
    <p className={cn('mt-1 flex flex-wrap items-center gap-1.5', center && 'justify-center')}>
      <Badge tone={editor ? 'accent' : 'neutral'}>
        {editor ? <Pencil className="size-3" aria-hidden /> : <Eye className="size-3" aria-hidden />}
        <span className="sr-only">{permissionLabel(t, share)}</span>
        <span aria-hidden>{editor ? t('sharing.badge_editor') : t('sharing.badge_visitor')}</span>
      </Badge>
      {share.attributes.protected && (
        <Badge>
          <Lock className="size-3" aria-hidden />
          {t('sharing.badge_password')}
        </Badge>
      )}
      {expired ? (
        <Badge tone="danger">
          <CalendarClock className="size-3" aria-hidden />
          <span className="sr-only">{expiryLabel(t, share)}</span>
          <span aria-hidden>{t('sharing.badge_expired')}</span>
        </Badge>
      ) : (
        <span className="text-xs text-neutral-500 dark:text-neutral-400" title={expiryLabel(t, share)}>
          {expiryLabel(t, share, 'short')}
        </span>
      )}
    </p>
  );
}

function useEntryMenu(entry: SharedEntry, open: (item: Item) => void): MenuAction[] {
  const { t } = useTranslation();
  const copy = useCopyLink();
  const { item, share } = entry;
  return [
    {
      id: 'open',
      label: isFolder(item) ? t('files.open') : t('files.preview'),
      icon: isFolder(item) ? FolderOpen : Eye,
      onSelect: () => open(item),
      group: 0,
    },
    {
      id: 'copy',
      label: t('sharing.copy_link'),
      icon: Copy,
      onSelect: () => void copy(share.attributes.link),
      group: 1,
    },
    {
      id: 'edit',
      label: t('sharing.edit'),
      icon: Pencil,
      onSelect: () => openSharingDialog({ kind: 'share-edit', item, share }),
      group: 1,
    },
    {
      id: 'stop',
      label: t('sharing.stop'),
      icon: Unlink,
      danger: true,
      onSelect: () => openSharingDialog({ kind: 'stop-sharing', items: [entry] }),
      group: 2,
    },
  ];
}

interface RowProps {
  entry: SharedEntry;
  view: 'list' | 'grid';
  selected: boolean;
  onToggle: (id: string) => void;
  onOpen: (item: Item) => void;
}

/**
 * One shared item as a row or a tile: the whole surface opens it (the name is the real link or
 * button, stretched), the checkbox selects it, and its actions are always visible (no hover-only).
 */
export const SharedItemRow = memo(function SharedItemRow({ entry, view, selected, onToggle, onOpen }: RowProps) {
  const { t } = useTranslation();
  const copy = useCopyLink();
  const menu = useEntryMenu(entry, onOpen);
  const { item, share } = entry;
  const name = item.attributes.name;
  const expired = isExpired(share);
  const grid = view === 'grid';

  const checkbox = (
    <label className="relative z-10 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-xl hover:bg-neutral-200/60 dark:hover:bg-neutral-700/50">
      <input
        type="checkbox"
        checked={selected}
        onChange={() => onToggle(item.id)}
        aria-label={t('sharing.select_named', { name })}
        className="size-4.5 cursor-pointer"
      />
    </label>
  );
  const more = (
    <DropdownMenu
      actions={menu}
      trigger={
        <IconButton label={t('files.more_actions', { name })} className="relative z-10">
          <Ellipsis className="size-5" aria-hidden />
        </IconButton>
      }
    />
  );
  const title = (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className={cn(
        'block max-w-full truncate text-left font-semibold text-neutral-900 outline-none after:absolute after:inset-0 after:rounded-[inherit] focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent dark:text-neutral-100',
        grid ? 'mx-auto text-center text-sm' : 'text-[15px]',
        expired && 'text-neutral-500 dark:text-neutral-400',
      )}
      title={name}
    >
      {name}
    </button>
  );

  if (grid) {
    return (
      <li
        className={cn(
          'relative flex flex-col items-center rounded-2xl px-3 pt-4 pb-3 transition-colors',
          selected ? 'bg-accent/12 dark:bg-accent/15' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800/60',
        )}
      >
        <span className="absolute top-1 left-1">{checkbox}</span>
        <span className="absolute top-1 right-1">{more}</span>
        <div className={cn('flex h-28 w-full items-center justify-center', expired && 'opacity-60')}>
          <ItemIcon item={item} size="md" />
        </div>
        <div className="mt-2 w-full min-w-0 text-center">{title}</div>
        <Badges share={share} center />
      </li>
    );
  }

  return (
    <li
      className={cn(
        'relative flex min-h-[72px] items-center gap-2 rounded-xl py-2 pr-1 pl-1 transition-colors sm:gap-3',
        selected ? 'bg-accent/12 dark:bg-accent/15' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800/60',
      )}
    >
      {checkbox}
      <ItemIcon item={item} size="sm" className={expired ? 'opacity-60' : undefined} />
      <div className="min-w-0 flex-1">
        {title}
        <Badges share={share} />
      </div>
      <IconButton
        label={t('sharing.copy_link_named', { name })}
        onClick={() => void copy(share.attributes.link)}
        className="relative z-10 max-sm:hidden"
      >
        <Copy className="size-4.5" aria-hidden />
      </IconButton>
      <IconButton
        label={t('sharing.edit_named', { name })}
        onClick={() => openSharingDialog({ kind: 'share-edit', item, share })}
        className="relative z-10 max-sm:hidden"
      >
        <Pencil className="size-4.5" aria-hidden />
      </IconButton>
      {more}
    </li>
  );
});
