import { ChevronRight, Home } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';
import { Spinner } from '../../../ui/Spinner';
import { FolderIcon } from '../../files/browser/ItemIcon';
import { flatten, keyOf, openLevels, type Row } from '../../files/dialogs/move-tree';
import { useFolderTree } from '../../files/dialogs/useFolderTree';
import { usePickerLevels } from '../../files/files.api';

const nothing: ReadonlySet<string> = new Set();

export interface PickedFolder {
  id: string | null;
  name: string;
}

interface FolderPickerProps {
  /** The folders to open at first: the path to the chosen folder, when known. */
  opened: string[];
  value: PickedFolder;
  onChange: (folder: PickedFolder) => void;
  label: string;
}

/** The folder tree of the move popup, as a single-choice tree (arrows, Enter/Space choose). */
export function FolderPicker({ opened, value, onChange, label }: FolderPickerProps) {
  const { t } = useTranslation();
  const { expanded, focused, setFocused, listRef, toggle, onKeyDown } = useFolderTree(
    () => new Set(opened),
    keyOf(value.id),
  );
  // One level per opened folder (ADR 0072), as the navigator and the move popup load them.
  const tree = usePickerLevels(null, (level) => openLevels(null, level, expanded));
  const rows = flatten(null, tree.levels, t('nav.my_files'), expanded, nothing, tree.failedLevels);
  const loading = tree.pending;

  const choose = (row: Row) => onChange({ id: row.id, name: row.name });

  return (
    <div className="max-h-60 min-h-32 overflow-y-auto rounded-xl border border-neutral-200 p-1.5 dark:border-neutral-800">
      {loading ? (
        <div className="flex h-28 items-center justify-center text-neutral-500">
          <Spinner label={t('common.loading')} className="size-5" />
        </div>
      ) : (
        <ul ref={listRef} role="tree" aria-label={label}>
          {rows.map((row, index) => {
            const key = keyOf(row.id);
            const chosen = row.id === value.id;
            return (
              <li
                key={key}
                data-key={key}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-expanded={row.hasChildren && row.id ? row.expanded : undefined}
                aria-selected={chosen}
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
                style={{ paddingLeft: `${row.depth * 20 + 4}px` }}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg pr-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-accent',
                  chosen
                    ? 'bg-accent/12 font-semibold text-accent-strong dark:bg-accent/20 dark:text-accent'
                    : 'text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800',
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
                  <FolderIcon color={row.color} emoji={row.emoji} size="xs" />
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
  );
}
