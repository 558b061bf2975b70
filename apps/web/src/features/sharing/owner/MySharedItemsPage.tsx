import { LayoutGrid, Link2, List, RotateCcw, Unlink, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from '../../../app/routing';
import { errorMessage } from '../../../lib/forms';
import { usePreferences } from '../../../lib/preferences';
import { Button, IconButton } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { folderPath, isFile, isFolder, type Item } from '../../files/items';
import { openPreview } from '../../preview';
import { SharedItemRow, type SharedEntry } from './SharedItemRow';
import { useSharedItems } from './sharing.api';
import { openSharingDialog } from './store';

function Skeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="px-2 pt-2 sm:px-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex h-[72px] items-center gap-4 px-3" style={{ opacity: 1 - i * 0.12 }}>
          <div className="size-11 animate-pulse rounded-xl bg-neutral-200/80 dark:bg-neutral-800" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-48 max-w-[60%] animate-pulse rounded-full bg-neutral-200/80 dark:bg-neutral-800" />
            <div className="h-3 w-64 max-w-[80%] animate-pulse rounded-full bg-neutral-100 dark:bg-neutral-800/60" />
          </div>
        </div>
      ))}
    </div>
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Link2 className="size-8" aria-hidden />}
      title={t('shared.empty_title')}
      description={t('sharing.empty_how')}
      action={
        <Link
          to={folderPath(null)}
          className="inline-flex min-h-11 items-center rounded-xl bg-accent-strong px-4 text-sm font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:bg-accent dark:text-neutral-950"
        >
          {t('files.back_to_my_files')}
        </Link>
      }
    />
  );
}

/** /platform/my-shared-items: every link the user made, what it allows, and a way to stop it. */
export function MySharedItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listing = useSharedItems();
  const view = usePreferences((s) => s.previewType);
  const toggleView = usePreferences((s) => s.togglePreviewType);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const entries = useMemo<SharedEntry[]>(
    () =>
      listing.data?.pages.flatMap((page) =>
        page.data.flatMap(({ data: item }) =>
          item.relationships.shared ? [{ item, share: item.relationships.shared.data }] : [],
        ),
      ) ?? [],
    [listing.data],
  );
  // Links stopped elsewhere leave the selection.
  useEffect(() => {
    setSelected((prev) => {
      const present = new Set(entries.map((e) => e.item.id));
      const kept = [...prev].filter((id) => present.has(id));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [entries]);

  const open = useCallback(
    (item: Item) => {
      if (isFolder(item)) {
        void navigate(folderPath(item.id));
        return;
      }
      const files = entries.map((e) => e.item).filter(isFile);
      openPreview(
        files,
        Math.max(
          0,
          files.findIndex((f) => f.id === item.id),
        ),
      );
    },
    [entries, navigate],
  );
  const toggle = useCallback(
    (id: string) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = listing;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const chosen = entries.filter((e) => selected.has(e.item.id));
  const all = entries.length > 0 && chosen.length === entries.length;
  const total = listing.data?.pages[0]?.meta.paginate.total ?? entries.length;

  let body;
  if (listing.isPending) body = <Skeleton />;
  else if (listing.isError && !listing.data)
    body = (
      <EmptyState
        icon={<RotateCcw className="size-8" aria-hidden />}
        title={t('sharing.load_failed')}
        description={errorMessage(t, listing.error)}
        action={<Button onClick={() => void listing.refetch()}>{t('common.try_again')}</Button>}
      />
    );
  else if (!entries.length) body = <Empty />;
  else
    body = (
      <>
        <ul
          aria-label={t('screen.publicly_shared')}
          className={cn(
            'px-2 pb-28 sm:px-3',
            view === 'grid' ? 'grid grid-cols-[repeat(auto-fill,minmax(184px,1fr))] gap-1 pt-3' : 'space-y-0.5 pt-2',
          )}
        >
          {entries.map((entry) => (
            <SharedItemRow
              key={entry.item.id}
              entry={entry}
              view={view}
              selected={selected.has(entry.item.id)}
              onToggle={toggle}
              onOpen={open}
            />
          ))}
        </ul>
        {hasNextPage && (
          <div ref={sentinel} className="flex h-16 items-center justify-center gap-2 text-sm text-neutral-500">
            {isFetchNextPageError ? (
              <Button variant="ghost" onClick={() => void fetchNextPage()}>
                {t('common.try_again')}
              </Button>
            ) : (
              <>
                <Spinner />
                {t('files.loading_more')}
              </>
            )}
          </div>
        )}
      </>
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {entries.length > 0 && (
        <div
          role="toolbar"
          aria-label={t('sharing.toolbar')}
          className="flex min-h-16 items-center gap-2 border-b border-neutral-200 px-3 py-2 sm:px-5 dark:border-neutral-800/80"
        >
          <label className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-xl hover:bg-neutral-100 dark:hover:bg-neutral-800">
            <input
              type="checkbox"
              checked={all}
              ref={(el) => {
                if (el) el.indeterminate = chosen.length > 0 && !all;
              }}
              onChange={() => setSelected(all ? new Set() : new Set(entries.map((e) => e.item.id)))}
              aria-label={t('sharing.select_all')}
              className="size-4.5 cursor-pointer"
            />
          </label>
          <p
            className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-700 dark:text-neutral-300"
            aria-live="polite"
          >
            {chosen.length ? t('files.selected_count', { count: chosen.length }) : t('sharing.count', { count: total })}
          </p>
          {chosen.length > 0 && (
            <>
              <Button
                variant="danger"
                onClick={() => openSharingDialog({ kind: 'stop-sharing', items: chosen })}
                icon={<Unlink className="size-4" aria-hidden />}
              >
                <span className="max-sm:sr-only">{t('sharing.stop')}</span>
              </Button>
              <IconButton label={t('files.clear_selection')} onClick={() => setSelected(new Set())}>
                <X className="size-5" aria-hidden />
              </IconButton>
            </>
          )}
          <IconButton label={view === 'list' ? t('files.view_grid') : t('files.view_list')} onClick={toggleView}>
            {view === 'list' ? <LayoutGrid className="size-5" aria-hidden /> : <List className="size-5" aria-hidden />}
          </IconButton>
        </div>
      )}
      {body}
    </div>
  );
}
