import { FolderX, Lock, RotateCcw } from 'lucide-react';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../app/routing';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { showAlert } from '../../../lib/popups';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { useListing, useListingItems, type ListingKind } from '../files.api';
import { trashPath } from '../items';
import { Breadcrumbs } from './Breadcrumbs';
import { ListingView } from './ListingView';
import { AllSelectedBanner, SelectionBar } from './SelectionBar';
import { useFilesSource } from './source';
import { useBrowser, type BrowserContext } from './store';

function Skeleton() {
  const grid = usePreferences((s) => s.previewType) === 'grid';
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="min-h-0 flex-1 overflow-hidden">
      {grid ? (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(164px,1fr))] px-3 pt-3">
          {Array.from({ length: 12 }, (_, i) => (
            <div key={i} className="flex h-[204px] flex-col items-center p-1.5 pt-6">
              <div className="size-20 animate-pulse rounded-2xl bg-neutral-200/80 dark:bg-neutral-800" />
              <div className="mt-7 h-3.5 w-24 animate-pulse rounded-full bg-neutral-200/80 dark:bg-neutral-800" />
              <div className="mt-2 h-3 w-16 animate-pulse rounded-full bg-neutral-100 dark:bg-neutral-800/60" />
            </div>
          ))}
        </div>
      ) : (
        <div className="px-2 pt-2 sm:px-3">
          {Array.from({ length: 10 }, (_, i) => (
            <div key={i} className="flex h-16 items-center gap-4 px-3" style={{ opacity: 1 - i * 0.08 }}>
              <div className="size-11 animate-pulse rounded-xl bg-neutral-200/80 dark:bg-neutral-800" />
              <div className="flex-1 space-y-2">
                <div
                  className="h-3.5 animate-pulse rounded-full bg-neutral-200/80 dark:bg-neutral-800"
                  style={{ width: `${40 - (i % 4) * 6}%` }}
                />
                <div className="h-3 w-32 animate-pulse rounded-full bg-neutral-100 dark:bg-neutral-800/60" />
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function MissingFolder({ context }: { context: BrowserContext }) {
  const { t } = useTranslation();
  const source = useFilesSource();
  const trash = context === 'trash';
  const link = source.kind !== 'account';
  return (
    <EmptyState
      icon={<FolderX className="size-8" aria-hidden />}
      title={t('files.missing_title')}
      description={t(
        trash ? 'trash.missing_description' : link ? 'public.missing_description' : 'files.missing_description',
      )}
      action={
        <Link
          to={trash ? trashPath(null) : source.folderPath(null)}
          className="inline-flex min-h-11 items-center rounded-xl bg-accent-strong px-4 text-sm font-semibold text-white hover:brightness-110 dark:bg-accent dark:text-neutral-950"
        >
          {trash
            ? t('trash.back_to_trash')
            : link
              ? t('public.back_to_folder', { name: source.root.name ?? '' })
              : source.team
                ? t(`teams.back_to_top.${source.team.location}`)
                : t('files.back_to_my_files')}
        </Link>
      }
    />
  );
}

/** A folder the server refuses to show (403): the user stays signed in and can go back. */
function ForbiddenFolder({ message }: { message: string }) {
  const { t } = useTranslation();
  const source = useFilesSource();
  return (
    <EmptyState
      icon={<Lock className="size-8" aria-hidden />}
      title={t('forbidden.title')}
      description={message}
      action={
        source.kind === 'account' ? (
          <Link
            to={source.folderPath(null)}
            className="inline-flex min-h-11 items-center rounded-xl bg-accent-strong px-4 text-sm font-semibold text-white hover:brightness-110 dark:bg-accent dark:text-neutral-950"
          >
            {t('forbidden.back')}
          </Link>
        ) : undefined
      }
    />
  );
}

interface FileBrowserProps {
  kind: ListingKind;
  context: BrowserContext;
  folderId: string | null;
  /** The empty state: says what to do next. */
  empty: ReactNode;
  /** Accessible name of the listing. */
  label: string;
}

/** The listing of Files, Recent uploads and Trash: loading, errors, breadcrumb, items and selection. */
export function FileBrowser({ kind, context, folderId, empty, label }: FileBrowserProps) {
  const { t } = useTranslation();
  const listing = useListing(kind, folderId);
  const items = useListingItems(listing.data);
  const meta = listing.data?.pages[0]?.meta;
  const folder = meta?.root?.data ?? null;
  const path = meta?.path;
  // The newest page knows best how many items the listing has in all.
  const total = listing.data?.pages.at(-1)?.meta.paginate.total ?? items.length;
  const scope = `${context}:${folderId ?? 'root'}`;
  const setListing = useBrowser((s) => s.setListing);
  const leave = useBrowser((s) => s.leave);

  // Before paint, so the header's toolbar and title never show the previous screen's.
  useLayoutEffect(() => {
    setListing({ scope, context, folder, path: path ?? [], items, total });
  }, [setListing, scope, context, folder, path, items, total]);
  useEffect(() => () => leave(scope), [leave, scope]);

  const { error } = listing;
  const missing = isApiError(error) && error.status === 404;
  useEffect(() => {
    // A 401 sends the visitor to sign-in, a link's page handles its password or expiry (410); a
    // missing (404) or refused (403) folder gets its own screen instead of a popup.
    if (!error || (isApiError(error) && [401, 403, 404, 410].includes(error.status))) return;
    showAlert(t('files.load_failed_title'), errorMessage(t, error));
  }, [error, t]);

  let body: ReactNode;
  if (missing) body = <MissingFolder context={context} />;
  else if (isApiError(error) && error.status === 403 && !listing.data)
    body = <ForbiddenFolder message={errorMessage(t, error)} />;
  else if (listing.isPending) body = <Skeleton />;
  else if (listing.isError && !listing.data) {
    body = (
      <EmptyState
        icon={<RotateCcw className="size-8" aria-hidden />}
        title={t('files.load_failed_title')}
        description={errorMessage(t, error)}
        action={<Button onClick={() => void listing.refetch()}>{t('common.try_again')}</Button>}
      />
    );
  } else {
    body = (
      <ListingView
        items={items}
        pager={listing}
        context={context}
        folderId={folderId}
        empty={empty}
        label={folder?.attributes.name ?? label}
      />
    );
  }

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {folderId && path && path.length > 0 && context !== 'recent' && (
        <Breadcrumbs path={path} trash={context === 'trash'} />
      )}
      <AllSelectedBanner />
      {body}
      <SelectionBar />
    </div>
  );
}
