import {
  textProblems,
  type LanguageDetailResponse,
  type LanguageResource,
  type LanguageString,
} from '@filestore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { Card } from '../../../ui/Card';
import { cn } from '../../../ui/cn';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { languageKeys, saveString, useLanguage } from './languages.api';

/** Rows a page shows: a few screens' worth, so thousands of strings never render at once. */
const PAGE_SIZE = 40;
/** Saved this long after the last keystroke. */
const SAVE_DELAY_MS = 500;

type Filter = 'all' | 'untranslated' | 'edited';

/** Strings with a search (key, English or translation), a filter and pages; each row saves itself as you type. */
export function StringsEditor({ language }: { language: LanguageResource }) {
  const { t } = useTranslation();
  const detail = useLanguage(language.id);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();

  const strings = detail.data?.strings;
  // A row's own edits must not make it jump out of the list while it is typed in (an untranslated
  // string that gets translated): the list is worked out again only when the search or the filter
  // changes, from the strings as they are then.
  const latest = useRef(strings);
  latest.current = strings;
  const loaded = strings !== undefined;
  const matching = useMemo(() => {
    const all = latest.current ?? [];
    const needle = deferredQuery.trim().toLocaleLowerCase();
    return all.filter(
      (s) =>
        (filter === 'all' || (filter === 'untranslated' ? s.source === 'english' : s.source === 'edited')) &&
        (!needle ||
          s.key.toLocaleLowerCase().includes(needle) ||
          s.english.toLocaleLowerCase().includes(needle) ||
          s.value.toLocaleLowerCase().includes(needle)),
    );
  }, [loaded, deferredQuery, filter]);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const shown = matching.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const untranslated = strings?.filter((s) => s.source === 'english').length ?? 0;

  return (
    <Card
      title={t('admin.strings.title', { name: language.name })}
      description={t('admin.strings.description')}
      className="overflow-visible"
    >
      {detail.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : detail.isError ? (
        <Notice tone="error">{errorMessage(t, detail.error)}</Notice>
      ) : (
        <>
          <div className="sticky top-0 z-10 -mx-5 flex flex-col gap-3 bg-white/95 px-5 pb-3 backdrop-blur sm:-mx-6 sm:flex-row sm:items-end sm:px-6 dark:bg-neutral-900/95">
            <div className="flex-1">
              <label htmlFor={searchId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
                {t('admin.strings.search')}
              </label>
              <div className="relative mt-1.5">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
                  aria-hidden
                />
                <input
                  id={searchId}
                  type="search"
                  value={query}
                  placeholder={t('admin.strings.search_placeholder')}
                  onChange={(e) => {
                    setQuery(e.target.value);
                    setPage(1);
                  }}
                  className="block min-h-11 w-full rounded-xl border border-neutral-300 bg-white pr-3 pl-9 text-[15px] text-neutral-900 placeholder:text-neutral-400 focus:border-accent focus:ring-4 focus:ring-accent/20 focus:outline-none dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
                />
              </div>
            </div>
            <fieldset className="flex flex-col">
              <legend className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
                {t('admin.strings.filter')}
              </legend>
              <div className="mt-1.5 inline-flex rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800">
                {(['all', 'untranslated', 'edited'] as const).map((value) => (
                  <label
                    key={value}
                    className={cn(
                      'flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap has-focus-visible:outline-2 has-focus-visible:outline-accent',
                      filter === value
                        ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white'
                        : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
                    )}
                  >
                    <input
                      type="radio"
                      name="strings-filter"
                      value={value}
                      checked={filter === value}
                      onChange={() => {
                        setFilter(value);
                        setPage(1);
                      }}
                      className="sr-only"
                    />
                    {t(`admin.strings.filter_${value}`)}
                    {value === 'untranslated' && untranslated > 0 && (
                      <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                        {untranslated}
                      </span>
                    )}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <p className="mb-2 text-sm text-neutral-600 dark:text-neutral-400" role="status">
            {t('admin.strings.count', { count: matching.length })}
          </p>
          {shown.length === 0 ? (
            <p className="py-10 text-center text-sm text-neutral-600 dark:text-neutral-400">
              {t('admin.strings.none')}
            </p>
          ) : (
            <>
              <div className="hidden grid-cols-2 gap-6 border-b border-neutral-200 pb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase sm:grid dark:border-neutral-800 dark:text-neutral-400">
                <span>{t('admin.strings.english')}</span>
                <span>{language.name}</span>
              </div>
              <ul className="divide-y divide-neutral-200 dark:divide-neutral-800" data-strings>
                {shown.map((s) => (
                  <StringRow key={s.key} languageId={language.id} initial={s} languageName={language.name} />
                ))}
              </ul>
            </>
          )}
          {pages > 1 && <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} t={t} />}
        </>
      )}
    </Card>
  );
}

function Pager({ page, pages, onPage, t }: { page: number; pages: number; onPage: (p: number) => void; t: TFunction }) {
  const button =
    'inline-flex size-10 items-center justify-center rounded-xl ring-1 ring-neutral-300 ring-inset hover:bg-neutral-50 disabled:opacity-40 dark:ring-neutral-700 dark:hover:bg-neutral-800';
  return (
    <nav className="mt-4 flex items-center justify-center gap-3" aria-label={t('admin.strings.page', { page, pages })}>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden />
        <span className="sr-only">{t('admin.strings.previous')}</span>
      </button>
      <span className="text-sm text-neutral-700 dark:text-neutral-300">{t('admin.strings.page', { page, pages })}</span>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <ChevronRight className="size-4" aria-hidden />
        <span className="sr-only">{t('admin.strings.next')}</span>
      </button>
    </nav>
  );
}

type RowState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** A check in the browser first (the same rule as the server's), so a lost placeholder shows at once. */
function localProblem(t: TFunction, row: LanguageString, text: string): string | null {
  if (text === '') return null;
  const problems = textProblems(row.key, row.english, text);
  if (problems.missing.length)
    return t('admin.strings.keep_placeholders', { names: problems.missing.map((p) => `{{${p}}}`).join(', ') });
  if (problems.unknown.length)
    return t('admin.strings.unknown_placeholders', { names: problems.unknown.map((p) => `{{${p}}}`).join(', ') });
  if (problems.tags) return t('admin.strings.keep_tags');
  return null;
}

const StringRow = memo(function StringRow({
  languageId,
  initial,
  languageName,
}: {
  languageId: string;
  initial: LanguageString;
  languageName: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = useId();
  // An untranslated string starts empty, its English as the placeholder; others show their text.
  const [draft, setDraft] = useState(initial.source === 'english' ? '' : initial.value);
  const [source, setSource] = useState(initial.source);
  const [state, setState] = useState<RowState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const sequence = useRef(0);
  const alive = useRef(true);

  const send = (value: string) => {
    const mine = ++sequence.current;
    pending.current = null;
    if (alive.current) setState({ kind: 'saving' });
    saveString(languageId, initial.key, value === '' ? null : value).then(
      ({ data }) => {
        // The loaded list learns the new text, so search and filters see it once they change.
        client.setQueryData<LanguageDetailResponse>(
          languageKeys.one(languageId),
          (old) => old && { ...old, strings: old.strings.map((s) => (s.key === data.key ? data : s)) },
        );
        void client.invalidateQueries({ queryKey: languageKeys.all, exact: true });
        if (!alive.current || mine !== sequence.current) return;
        setSource(data.source);
        setState({ kind: 'saved' });
      },
      (error: unknown) => {
        if (!alive.current || mine !== sequence.current) return;
        const fields = isApiError(error) ? error.errors.value?.[0] : undefined;
        setState({ kind: 'error', message: fields ?? errorMessage(t, error) });
      },
    );
  };

  // Leaving the page (or turning it) with a change not sent yet: send it now.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
      if (pending.current !== null) send(pending.current);
    };
  }, []);

  const change = (value: string) => {
    setDraft(value);
    if (timer.current) clearTimeout(timer.current);
    const problem = localProblem(t, initial, value);
    if (problem) {
      pending.current = null;
      sequence.current++;
      return setState({ kind: 'error', message: problem });
    }
    pending.current = value;
    setState({ kind: 'idle' });
    timer.current = setTimeout(() => {
      timer.current = null;
      if (pending.current !== null) send(pending.current);
    }, SAVE_DELAY_MS);
  };

  const englishId = `${id}-english`;
  const statusId = `${id}-status`;
  return (
    <li className="grid gap-2 py-4 sm:grid-cols-2 sm:gap-6" data-key={initial.key}>
      <div className="min-w-0">
        <p className="font-mono text-xs break-all text-neutral-500 dark:text-neutral-400">{initial.key}</p>
        <p
          id={englishId}
          className="mt-1 text-sm leading-6 break-words whitespace-pre-wrap text-neutral-900 dark:text-neutral-100"
        >
          <span className="sr-only">{t('admin.strings.english')}: </span>
          {initial.english}
        </p>
      </div>
      <div className="min-w-0">
        <label htmlFor={id} className="sr-only">
          {`${languageName}: ${initial.key}`}
        </label>
        <textarea
          id={id}
          value={draft}
          rows={1}
          placeholder={initial.english}
          aria-describedby={`${englishId} ${statusId}`}
          aria-invalid={state.kind === 'error' || undefined}
          onChange={(e) => change(e.target.value)}
          className={cn(
            'block min-h-11 w-full resize-y rounded-xl border bg-white px-3 py-2.5 text-sm leading-6 text-neutral-900 [field-sizing:content] placeholder:text-neutral-400 focus:ring-4 focus:outline-none dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500',
            state.kind === 'error'
              ? 'border-red-500 focus:ring-red-500/20 dark:border-red-400'
              : 'border-neutral-300 focus:border-accent focus:ring-accent/20 dark:border-neutral-700',
          )}
        />
        <div id={statusId} role="status" className="mt-1 flex min-h-5 flex-wrap items-center gap-2 text-xs">
          {state.kind === 'error' ? (
            <span className="text-red-700 dark:text-red-400">{state.message}</span>
          ) : state.kind === 'saving' ? (
            <span className="text-neutral-500 dark:text-neutral-400">{t('admin.strings.saving')}</span>
          ) : state.kind === 'saved' ? (
            <span
              className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400"
              data-saved
            >
              <Check className="size-3.5" aria-hidden />
              {t('admin.strings.saved')}
            </span>
          ) : null}
          {source === 'english' && state.kind !== 'error' && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              {t('admin.strings.untranslated')}
            </span>
          )}
          {source === 'edited' && state.kind !== 'error' && (
            <span className="rounded-full bg-accent/10 px-2 py-0.5 font-medium text-accent-strong dark:bg-accent/15 dark:text-accent">
              {t('admin.strings.edited')}
            </span>
          )}
        </div>
      </div>
    </li>
  );
});
