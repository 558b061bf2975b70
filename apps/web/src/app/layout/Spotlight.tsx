import { type SearchResponse, type ItemResource } from '@filestore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CornerDownLeft, Search, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../routing';
import { ItemIcon } from '../../features/files/browser/ItemIcon';
import { filesKeys } from '../../features/files/query-keys';
import { openPreview } from '../../features/preview';
import { useTeamTops } from '../../features/teams/teams.api';
import { api } from '../../lib/api';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { useShell } from './navigation';

type Result = ItemResource['data'];
const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The name with the typed text emphasised (plain text nodes: names are never HTML). */
function Highlighted({ text, query }: { text: string; query: string }) {
  const at = query ? text.toLocaleLowerCase().indexOf(query.toLocaleLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="rounded-sm bg-accent/20 text-inherit dark:bg-accent/25">
        {text.slice(at, at + query.length)}
      </mark>
      {text.slice(at + query.length)}
    </>
  );
}

function Message({
  icon,
  title,
  hint,
  children,
}: {
  icon?: ReactNode;
  title: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <div className="px-6 py-10 text-center">
      {icon}
      <p
        className={cn(
          'text-sm text-neutral-500 dark:text-neutral-400',
          icon ? 'mt-3 font-medium text-neutral-900 dark:text-neutral-100' : undefined,
        )}
      >
        {title}
      </p>
      {hint && <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{hint}</p>}
      {children}
    </div>
  );
}

/** Ctrl/Cmd+K search over the user's files and folders (listbox with aria-activedescendant). */
export function Spotlight() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useShell((s) => s.spotlightOpen);
  const setOpen = useShell((s) => s.setSpotlightOpen);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const term = useDebounced(query.trim(), DEBOUNCE_MS);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
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

  const search = useQuery({
    queryKey: filesKeys.search(term),
    queryFn: ({ signal }) => api.get<SearchResponse>(`/api/search?query=${encodeURIComponent(term)}`, { signal }),
    enabled: open && term.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const results: Result[] = term && search.data ? search.data.data.map((resource) => resource.data) : [];
  const stale = query.trim() !== term || search.isPlaceholderData;

  useEffect(() => setActive(0), [term, search.data]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  // Results in someone else's team folder open in Shared with Me (the owner's open in their files).
  const sharedTeams = useTeamTops('shared-with-me', open);
  const screenOf = (item: Result) => {
    const team = item.relationships.team?.data;
    const shared = team && sharedTeams.data?.some((r) => r.data.id === team.id);
    return shared ? '/platform/shared-with-me' : '/platform/files';
  };
  const choose = (item: Result) => {
    setOpen(false);
    const screen = screenOf(item);
    if (item.type === 'folder') {
      void navigate(`${screen}/${item.id}`);
      return;
    }
    const parent = item.attributes.parent_id;
    void navigate(parent ? `${screen}/${parent}?highlight=${item.id}` : `${screen}?highlight=${item.id}`);
    openPreview([item], 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown') setActive((i) => (i + 1) % results.length);
    else if (event.key === 'ArrowUp') setActive((i) => (i - 1 + results.length) % results.length);
    else if (event.key === 'Enter') {
      const item = results[active];
      if (item) choose(item);
    } else return;
    event.preventDefault();
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  let body: ReactNode;
  if (!query.trim()) {
    body = (
      <Message title={t('search.hint')}>
        {/* Keyboard help is noise on a touch screen. */}
        <p className="mt-1 text-sm text-neutral-500 pointer-coarse:hidden dark:text-neutral-400">
          {t('search.keyboard_hint')}
        </p>
      </Message>
    );
  } else if (search.isError && !search.data) {
    body = (
      <Message icon={<TriangleAlert className="mx-auto size-6 text-red-500" aria-hidden />} title={t('search.failed')}>
        <Button variant="secondary" className="mt-4" onClick={() => void search.refetch()}>
          {t('common.try_again')}
        </Button>
      </Message>
    );
  } else if (results.length === 0 && (stale || search.isFetching || !search.data)) {
    body = (
      <div className="flex items-center justify-center gap-2 px-6 py-10 text-sm text-neutral-500 dark:text-neutral-400">
        <Spinner /> {t('search.loading')}
      </div>
    );
  } else if (results.length === 0) {
    body = (
      <Message
        icon={<SearchX className="mx-auto size-6 text-neutral-400" aria-hidden />}
        title={t('search.no_results', { query: term })}
        // Short queries match the start of names and words only (the server's rule): say so.
        hint={t([...term].length < 3 ? 'search.short_hint' : 'search.no_results_hint')}
      />
    );
  } else {
    body = (
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={t('search.results')}
        className={cn('max-h-[min(26rem,60dvh)] overflow-y-auto p-2 transition-opacity', stale && 'opacity-60')}
      >
        {results.map((item, index) => {
          const location = item.relationships.parent?.data.attributes.name ?? t('search.my_files');
          const selected = index === active;
          return (
            <li
              key={item.id}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={selected}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(item)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2',
                selected && 'bg-neutral-100 dark:bg-neutral-800',
              )}
            >
              <ItemIcon item={item} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
                  <Highlighted text={item.attributes.name} query={term} />
                </p>
                <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
                  {item.type === 'folder' ? `${t('search.folder')} · ` : ''}
                  {t('search.in_location', { location })}
                  {item.relationships.team && ` · ${t('teams.in_team', { name: item.relationships.team.data.name })}`}
                </p>
              </div>
              {selected && <CornerDownLeft className="size-4 shrink-0 text-neutral-400" aria-hidden />}
            </li>
          );
        })}
      </ul>
    );
  }

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
          role="combobox"
          aria-label={t('search.title')}
          aria-expanded={results.length > 0}
          aria-controls={results.length > 0 ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          className="h-14 min-w-0 flex-1 bg-transparent pr-10 text-base text-neutral-900 placeholder:text-neutral-400 focus:outline-none dark:text-white [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
      {body}
      <p role="status" className="sr-only">
        {term && !stale && search.data ? t('search.result_count', { count: results.length }) : ''}
      </p>
    </Dialog>
  );
}
