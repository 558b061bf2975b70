import { ChevronRight, Home } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { useItemActions, type MoveTarget } from '../actions';
import { FolderIcon } from '../browser/ItemIcon';
import { useFilesSource } from '../browser/source';
import { useBrowser, wholeFolderSelection } from '../browser/store';
import { usePickerLevels } from '../files.api';
import type { Item } from '../items';
import { flatten, keyOf, openLevels, ROOT, type Row } from './move-tree';
import { useFileDialogs } from './store';
import { useFolderTree } from './useFolderTree';

/** Spec §2 move popup: pick a destination in the folder tree (with the root); "Move here". */
export function MoveDialog({ items }: { items: Item[] }) {
  const { t } = useTranslation();
  const close = useFileDialogs((s) => s.close);
  const actions = useItemActions();
  const source = useFilesSource();
  // A member moves only within the team folder (ADR 0029): its tree, with the team folder on top.
  const team = source.team?.location === 'shared-with-me' ? (source.team.teamFolder?.data ?? null) : null;
  const top = team
    ? { id: team.id, name: team.attributes.name, color: team.attributes.color, emoji: team.attributes.emoji }
    : source.root;
  // The top row is My Files (id null), or a link's (or team's) own folder, which moves take by its id.
  const targetOf = (id: string | null) => id ?? top.id;
  const path = useBrowser((s) => s.path);
  const { expanded, focused, setFocused, listRef, toggle, onKeyDown } = useFolderTree(
    () => new Set(path.map((p) => p.id)),
    ROOT,
  );
  const [chosen, setChosen] = useState<MoveTarget | null>(null);

  // One level per opened folder (ADR 0072): the top, then each open folder below a loaded one.
  const topLevel = top.id ?? null;
  const tree = usePickerLevels(topLevel, (level) => openLevels(topLevel, level, expanded));
  const moving = useMemo(() => new Set(items.filter((i) => i.type === 'folder').map((i) => i.id)), [items]);
  const rows = flatten(topLevel, tree.levels, top.name ?? t('nav.my_files'), expanded, moving, tree.failedLevels);
  const parents = new Set(items.map((i) => i.attributes.parent_id));
  const alreadyThere = chosen !== null && parents.size === 1 && parents.has(chosen.id);

  const choose = (row: Row) => {
    if (!row.disabled) setChosen({ id: targetOf(row.id), name: row.name });
  };

  // After "select all" the count is the folder's, not what is loaded (ADR 0018).
  const [count] = useState(() => wholeFolderSelection(items)?.count ?? items.length);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('files.move_title', { count, name: count === 1 ? items[0]!.attributes.name : '' })}
      description={t('files.move_description', { count })}
      closeLabel={t('common.close')}
      className="flex max-h-[min(40rem,calc(100dvh-2rem))] flex-col p-6"
    >
      <div className="mt-4 min-h-48 flex-1 overflow-y-auto rounded-xl border border-neutral-200 p-1.5 dark:border-neutral-800">
        {tree.pending ? (
          <div className="flex h-40 items-center justify-center text-neutral-500">
            <Spinner label={t('common.loading')} className="size-5" />
          </div>
        ) : tree.failed ? (
          <div role="alert" className="flex h-40 flex-col items-center justify-center gap-2 text-sm">
            <p className="text-neutral-600 dark:text-neutral-400">{t('nav.folders_failed')}</p>
            <Button variant="secondary" onClick={tree.retry}>
              {t('common.try_again')}
            </Button>
          </div>
        ) : (
          <ul ref={listRef} role="tree" aria-label={t('files.move_destination')}>
            {rows.map((row, index) => {
              const key = keyOf(row.id);
              const isChosen = chosen !== null && chosen.id === targetOf(row.id);
              return (
                <li
                  key={key}
                  data-key={key}
                  role="treeitem"
                  aria-level={row.depth + 1}
                  aria-expanded={row.hasChildren && row.id ? row.expanded : undefined}
                  aria-selected={isChosen}
                  aria-disabled={row.disabled || undefined}
                  tabIndex={focused === key ? 0 : -1}
                  onKeyDown={(e) => {
                    // Opening a folder whose level failed asks for it again.
                    if (e.key === 'ArrowRight' && row.failed && row.id) {
                      e.preventDefault();
                      tree.retryLevel(row.id);
                    } else onKeyDown(e, rows, index, choose);
                  }}
                  onFocus={() => setFocused(key)}
                  onClick={() => choose(row)}
                  onDoubleClick={() =>
                    row.id && row.hasChildren && (row.failed ? tree.retryLevel(row.id) : toggle(row.id))
                  }
                  style={{ paddingLeft: `${row.depth * 20 + 4}px` }}
                  className={cn(
                    'flex min-h-11 items-center gap-2 rounded-lg pr-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-accent',
                    row.disabled
                      ? 'cursor-not-allowed text-neutral-400 dark:text-neutral-600'
                      : isChosen
                        ? 'cursor-pointer bg-accent/12 font-semibold text-accent-strong dark:bg-accent/20 dark:text-accent'
                        : 'cursor-pointer text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800',
                  )}
                >
                  {row.loading ? (
                    <span className="inline-flex size-7 shrink-0 items-center justify-center text-neutral-500">
                      <Spinner label={t('common.loading')} className="size-4" />
                    </span>
                  ) : row.id && row.hasChildren ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      aria-hidden
                      onClick={(e) => {
                        e.stopPropagation();
                        if (row.failed) tree.retryLevel(row.id!);
                        else toggle(row.id!);
                      }}
                      className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-200/70 dark:hover:bg-neutral-700"
                    >
                      <ChevronRight className={cn('size-4 transition-transform', row.expanded && 'rotate-90')} />
                    </button>
                  ) : (
                    <span className="size-7 shrink-0" />
                  )}
                  {row.id ? (
                    <FolderIcon
                      color={row.color}
                      emoji={row.emoji}
                      size="xs"
                      className={row.disabled ? 'opacity-40' : undefined}
                    />
                  ) : top.id ? (
                    <FolderIcon color={top.color ?? null} emoji={top.emoji ?? null} size="xs" />
                  ) : (
                    <Home className="size-5 shrink-0" aria-hidden />
                  )}
                  <span className="truncate">{row.name}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {alreadyThere && (
          <p className="text-sm text-neutral-500 sm:mr-auto dark:text-neutral-400">{t('files.move_already_there')}</p>
        )}
        <Button variant="secondary" onClick={close}>
          {t('files.cancel')}
        </Button>
        <Button
          disabled={!chosen || alreadyThere}
          onClick={() => {
            if (!chosen) return;
            actions.moveTo(items, chosen);
            close();
          }}
        >
          {chosen ? t('files.move_here_named', { name: chosen.name }) : t('files.move_here')}
        </Button>
      </div>
    </Dialog>
  );
}
