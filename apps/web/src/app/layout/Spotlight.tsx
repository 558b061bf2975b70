import { Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { useShell } from './navigation';

/** Ctrl/Cmd+K search. Indexing arrives with the files feature, so every query honestly finds nothing. */
export function Spotlight() {
  const { t } = useTranslation();
  const open = useShell((s) => s.spotlightOpen);
  const setOpen = useShell((s) => s.setSpotlightOpen);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(!useShell.getState().spotlightOpen);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);

  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('search.title')}
      hideTitle
      closeLabel={t('common.close')}
      position="top"
      className="overflow-hidden"
    >
      <div className="flex items-center gap-3 border-b border-neutral-200 px-4 dark:border-neutral-800">
        <Search className="size-5 shrink-0 text-neutral-400" aria-hidden />
        <input
          type="search"
          autoFocus
          aria-label={t('search.title')}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-14 min-w-0 flex-1 bg-transparent pr-10 text-base text-neutral-900 placeholder:text-neutral-400 focus:outline-none dark:text-white"
        />
      </div>
      <div className="px-6 py-10 text-center" aria-live="polite">
        {query.trim() ? (
          <>
            <SearchX className="mx-auto size-6 text-neutral-400" aria-hidden />
            <p className="mt-3 text-sm font-medium text-neutral-900 dark:text-neutral-100">
              {t('search.no_results', { query: query.trim() })}
            </p>
            <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('search.no_results_hint')}</p>
          </>
        ) : (
          <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('search.hint')}</p>
        )}
      </div>
    </Dialog>
  );
}
