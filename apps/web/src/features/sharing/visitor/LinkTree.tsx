import { ChevronsLeft } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { NavLink } from '../../../app/routing';
import { usePreferences } from '../../../lib/preferences';
import { IconButton } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { useFolderDrop } from '../../files/browser/dnd';
import { FolderIcon } from '../../files/browser/ItemIcon';
import { useFilesSource } from '../../files/browser/source';
import { useDropHandlers } from '../../files/browser/useDropHandlers';
import { FolderTree } from '../../files/navigator';

/** The link's own folder, first row of the tree; it takes dropped items and files too. */
function RootRow() {
  const source = useFilesSource();
  const on = useDropHandlers();
  const name = source.root.name ?? '';
  const drop = useFolderDrop({ target: { id: source.root.id, name }, on });
  return (
    <NavLink
      to={source.folderPath(null)}
      end
      {...drop.handlers}
      className={({ isActive }) =>
        cn(
          'flex min-h-10 min-w-0 items-center gap-2.5 rounded-xl px-2 text-sm font-semibold transition',
          isActive
            ? 'bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent'
            : 'text-neutral-800 hover:bg-neutral-200/60 dark:text-neutral-200 dark:hover:bg-neutral-800/70',
          drop.over && 'bg-accent/15 ring-2 ring-accent ring-inset',
        )
      }
    >
      <FolderIcon color={source.root.color ?? null} emoji={source.root.emoji ?? null} size="xs" />
      <span className="truncate" title={name}>
        {name}
      </span>
    </NavLink>
  );
}

/**
 * The folders of the link (spec: navigation tree), from tablets up; the column folds away with
 * the same switch as the signed-in navigator.
 */
export function LinkTree() {
  const { t } = useTranslation();
  const visible = usePreferences((s) => s.navigationBarVisible);
  const toggle = usePreferences((s) => s.toggleNavigationBar);
  if (!visible) return null;
  return (
    <nav
      aria-label={t('public.folders_of_link')}
      className="hidden w-64 shrink-0 flex-col overflow-y-auto border-r border-neutral-200 bg-neutral-50 px-3 py-4 md:flex dark:border-neutral-800/80 dark:bg-neutral-900/50"
    >
      <div className="mb-2 flex items-center justify-between pr-1 pl-2">
        <h2 className="text-sm font-semibold text-neutral-500 dark:text-neutral-400">{t('nav.folders')}</h2>
        <IconButton label={t('nav.hide_navigation')} onClick={toggle} className="size-9">
          <ChevronsLeft className="size-4.5" aria-hidden />
        </IconButton>
      </div>
      <RootRow />
      {/* The link's folders, one level at a time as they are opened (ADR 0072). */}
      <FolderTree parentId={null} depth={1} ancestors={[]} />
    </nav>
  );
}
