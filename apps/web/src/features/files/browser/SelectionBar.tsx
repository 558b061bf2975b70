import { CheckCheck, Ellipsis, X } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';
import { DropdownMenu } from '../../../ui/Menu';
import { useItemActions } from '../actions';
import { useFilesSource } from './source';
import { useBrowser, useSelectedItems, useSelectionLabel } from './store';
import { useMedia } from './useMedia';

/** Labels that fit under an icon on a narrow screen. */
const short: Record<string, string> = {
  trash: 'files.trash_short',
  'delete-forever': 'files.delete_short',
};

const barButton =
  'inline-flex min-h-12 min-w-12 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-[11px] font-medium text-neutral-700 transition active:bg-neutral-100 dark:text-neutral-200 dark:active:bg-neutral-800';

/** On phones the actions for the selection sit at the bottom, within thumb reach. */
export function SelectionBar() {
  const { t } = useTranslation();
  const items = useSelectedItems();
  const context = useBrowser((s) => s.context);
  const clear = useBrowser((s) => s.clear);
  const actions = useItemActions();
  const label = useSelectionLabel(true);
  // Through a link "Remove" is already short, and "Trash" would say the wrong thing.
  const shortLabels = useFilesSource().kind === 'account' ? short : {};
  // On the narrowest phones three actions left "1 sel…" of the count: two, the rest under More.
  const narrow = useMedia('(max-width: 419px)');
  if (!items.length || !context) return null;
  const menu = actions.menuFor(items, context).filter((a) => a.id !== 'open');
  const room = narrow ? 2 : 3;
  const shown = menu.length === room + 1 ? menu : menu.slice(0, room);
  const rest = menu.slice(shown.length);
  return (
    <div
      role="toolbar"
      aria-label={t('files.selection_actions')}
      className="absolute inset-x-2 bottom-[calc(0.5rem+var(--overlay-bottom,0px)+var(--upload-panel-height,0px))] z-20 flex items-center gap-1 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-neutral-200 md:hidden dark:bg-neutral-900 dark:ring-neutral-800"
    >
      <button type="button" onClick={clear} aria-label={t('files.clear_selection')} className={barButton}>
        <X className="size-5" aria-hidden />
      </button>
      <p
        aria-live="polite"
        className="min-w-0 flex-1 truncate px-1 text-sm font-semibold text-neutral-900 dark:text-white"
      >
        {label.text}
      </p>
      {shown.map(({ id, label, icon: Icon, onSelect, danger }) => (
        <button
          key={id}
          type="button"
          onClick={onSelect}
          className={cn(barButton, danger && 'text-red-600 dark:text-red-400')}
        >
          {Icon && <Icon className="size-5" aria-hidden />}
          <span className="max-w-16 truncate">{shortLabels[id] ? t(shortLabels[id]) : label}</span>
        </button>
      ))}
      {rest.length > 0 && (
        <DropdownMenu
          side="top"
          actions={rest}
          trigger={
            <button type="button" className={barButton} aria-label={t('files.more')}>
              <Ellipsis className="size-5" aria-hidden />
              <span>{t('files.more')}</span>
            </button>
          }
        />
      )}
    </div>
  );
}

/**
 * Above the listing on larger screens, after "select all" of a folder: says the selection is the
 * whole folder, loaded or not (ADR 0018), and offers to clear it. Phones say it in the action bar.
 */
export function AllSelectedBanner() {
  const { t } = useTranslation();
  const all = useBrowser((s) => s.all);
  const clear = useBrowser((s) => s.clear);
  const label = useSelectionLabel();
  if (!all || label.count < 1) return null;
  return (
    <div
      role="status"
      className="mx-2 mt-2 flex items-center gap-3 rounded-xl bg-accent/10 px-4 py-2 text-sm max-md:hidden sm:mx-3 dark:bg-accent/15"
    >
      <CheckCheck className="size-4.5 shrink-0 text-accent-strong dark:text-accent" aria-hidden />
      <p className="min-w-0 flex-1 truncate">
        <span className="font-semibold text-neutral-900 dark:text-white">{label.text}</span>
        <span className="text-neutral-600 dark:text-neutral-300">
          {' · '}
          {t(label.all ? 'files.all_selected_hint' : 'files.all_selected_except_hint')}
        </span>
      </p>
      <button
        type="button"
        onClick={clear}
        className="shrink-0 rounded-lg px-2.5 py-1.5 font-medium text-accent-strong hover:bg-accent/10 dark:text-accent"
      >
        {t('files.clear_selection')}
      </button>
    </div>
  );
}
