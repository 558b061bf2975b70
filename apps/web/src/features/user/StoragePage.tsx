import { type RunningUpload, type RunningUploadsResponse, type StorageResponse } from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Trash2, UploadCloud } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { api, request } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Notice } from '../../ui/Notice';
import { formatBytes } from '../files/format';
import { filesKeys } from '../files/query-keys';

type Storage = StorageResponse['data'];
type Category = 'images' | 'videos' | 'audios' | 'documents' | 'others';

/** Spec §9: success for images, danger for videos, warning for audios, info for documents, purple for others. */
const CATEGORIES: { key: Category; colour: string }[] = [
  { key: 'images', colour: 'bg-emerald-500 dark:bg-emerald-400' },
  { key: 'videos', colour: 'bg-red-500 dark:bg-red-400' },
  { key: 'audios', colour: 'bg-amber-400 dark:bg-amber-300' },
  { key: 'documents', colour: 'bg-sky-500 dark:bg-sky-400' },
  { key: 'others', colour: 'bg-purple-500 dark:bg-purple-400' },
];

export function useStorageUsage() {
  return useQuery({
    queryKey: filesKeys.storage,
    queryFn: async () => (await api.get<StorageResponse>('/api/user/storage')).data,
  });
}

const card = 'rounded-2xl bg-white p-6 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800';

function Skeleton() {
  const { t } = useTranslation();
  return (
    <section className={card} aria-busy="true" aria-label={t('common.loading')}>
      <div className="h-5 w-28 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
      <div className="mt-3 h-4 w-48 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
      <div className="mt-6 h-3 animate-pulse rounded-full bg-neutral-200 dark:bg-neutral-800" />
      <div className="mt-8 grid gap-3">
        {CATEGORIES.map(({ key }) => (
          <div key={key} className="h-4 w-2/3 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800/70" />
        ))}
      </div>
    </section>
  );
}

/** The stacked bar: each type's share of the capacity (or of the used space when unlimited). */
function UsageBar({ storage }: { storage: Storage }) {
  const { t } = useTranslation();
  const { used, capacity, used_formatted } = storage.attributes;
  const whole = capacity && capacity > 0 ? Math.max(capacity, used) : used;
  const percentage = capacity ? Math.min(100, storage.attributes.percentage ?? (used / capacity) * 100) : 100;
  return (
    <div
      role="progressbar"
      aria-label={t('storage.usage_bar', { used: used_formatted })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(capacity ? percentage : 0)}
      aria-valuetext={capacity ? undefined : used_formatted}
      className="mt-5 flex h-3 gap-px overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
    >
      {whole > 0 &&
        CATEGORIES.map(({ key, colour }) => {
          const share = (storage.meta[key].used / whole) * 100;
          return share > 0 ? (
            <div key={key} className={cn('h-full min-w-1', colour)} style={{ width: `${share}%` }} />
          ) : null;
        })}
    </div>
  );
}

function Legend({ storage }: { storage: Storage }) {
  const { t } = useTranslation();
  const used = storage.attributes.used;
  return (
    <dl className="mt-3 divide-y divide-neutral-100 dark:divide-neutral-800">
      {CATEGORIES.map(({ key, colour }) => {
        const usage = storage.meta[key];
        const share = used > 0 ? Math.round((usage.used / used) * 100) : 0;
        return (
          <div key={key} className="flex items-center gap-3 py-2.5 text-sm">
            <span className={cn('size-2.5 shrink-0 rounded-full', colour)} aria-hidden />
            <dt className="flex-1 text-neutral-700 dark:text-neutral-300">{t(`storage.${key}`)}</dt>
            <dd className="text-neutral-500 tabular-nums dark:text-neutral-400">{share}%</dd>
            <dd className="w-20 text-right font-medium text-neutral-900 tabular-nums dark:text-white">
              {usage.used_formatted}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function TrashLine({ storage }: { storage: Storage }) {
  const { t } = useTranslation();
  const trash = storage.meta.trash;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-neutral-50 p-4 text-sm dark:bg-neutral-800/50">
      <Trash2 className="size-4.5 shrink-0 text-neutral-500 dark:text-neutral-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-neutral-900 dark:text-white">
          {t('storage.trash')}: <span className="tabular-nums">{trash.used_formatted}</span>
        </p>
        <p className="mt-0.5 text-neutral-600 dark:text-neutral-400">
          {trash.used > 0 ? t('storage.trash_hint') : t('storage.trash_empty')}
        </p>
      </div>
      {trash.used > 0 && (
        <Link
          to="/platform/trash"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-accent-strong hover:underline dark:text-accent"
        >
          {t('storage.trash_link')}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      )}
    </div>
  );
}

const runningUploadsKey = [...filesKeys.storage, 'uploads'] as const;

/**
 * Uploads still running in the user's storage, their own or a link guest's: each holds its whole
 * size against the quota until it finishes, so the owner can end the ones they do not want.
 */
function RunningUploads() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: runningUploadsKey,
    queryFn: async () => (await api.get<RunningUploadsResponse>('/api/user/storage/uploads')).data,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => request('DELETE', `/api/user/storage/uploads/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: filesKeys.storage }),
  });
  if (!query.data?.length) return null;
  const startedBy = (upload: RunningUpload) =>
    upload.started_by.kind === 'user'
      ? (upload.started_by.name ?? t('storage.uploads.by_user'))
      : t(`storage.uploads.by_${upload.started_by.kind}`);
  return (
    <div className="mt-7">
      <h3 className="text-sm font-semibold text-neutral-900 dark:text-white">{t('storage.uploads.title')}</h3>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t('storage.uploads.hint')}</p>
      {cancel.isError && (
        <Notice tone="error" className="mt-3">
          {errorMessage(t, cancel.error)}
        </Notice>
      )}
      <ul className="mt-3 divide-y divide-neutral-100 dark:divide-neutral-800">
        {query.data.map((upload) => (
          <li key={upload.id} className="flex items-center gap-3 py-2.5 text-sm">
            <UploadCloud className="size-4.5 shrink-0 text-neutral-500 dark:text-neutral-400" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-neutral-900 dark:text-white">{upload.name}</p>
              <p className="truncate text-neutral-600 tabular-nums dark:text-neutral-400">
                {t('storage.uploads.progress', {
                  received: formatBytes(upload.received),
                  size: formatBytes(upload.size),
                  who: startedBy(upload),
                })}
              </p>
            </div>
            <Button
              variant="secondary"
              loading={cancel.isPending && cancel.variables === upload.id}
              onClick={() => cancel.mutate(upload.id)}
              aria-label={t('storage.uploads.cancel_named', { name: upload.name })}
            >
              {t('storage.uploads.cancel')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /user/settings/storage: used of capacity, the breakdown by type (spec §9 colours) and the trash. */
export function StorageSettingsPage() {
  const { t } = useTranslation();
  const query = useStorageUsage();
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    return (
      <section className={card}>
        <Notice tone="error">{t('storage.load_failed')}</Notice>
        <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common.try_again')}
        </Button>
      </section>
    );
  }
  const storage = query.data;
  const { used_formatted, capacity, capacity_formatted, percentage } = storage.attributes;
  const limited = capacity !== null && capacity_formatted !== null;
  const percent = limited ? Math.min(100, Math.round(percentage ?? 0)) : null;
  return (
    <section className={card} aria-labelledby="storage-title">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="storage-title" className="text-base font-semibold text-neutral-900 dark:text-white">
          {t('storage.title')}
        </h2>
        {percent !== null && (
          <p className="text-sm font-medium text-neutral-600 tabular-nums dark:text-neutral-300">
            {percent === 0 && storage.attributes.used > 0
              ? t('storage.percent_used_tiny')
              : t('storage.percent_used', { percent })}
          </p>
        )}
      </div>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-neutral-900 tabular-nums dark:text-white">
        {limited
          ? t('storage.used_of', { used: used_formatted, capacity: capacity_formatted })
          : t('storage.used_unlimited', { used: used_formatted })}
      </p>
      {!limited && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t('storage.unlimited_hint')}</p>}
      <UsageBar storage={storage} />
      {percent !== null && percent >= 90 && (
        <Notice tone={percent >= 100 ? 'error' : 'info'} className="mt-4">
          {percent >= 100 ? t('storage.full') : t('storage.almost_full')}
        </Notice>
      )}
      <h3 className="mt-7 text-sm font-semibold text-neutral-900 dark:text-white">{t('storage.breakdown')}</h3>
      <Legend storage={storage} />
      <TrashLine storage={storage} />
      <RunningUploads />
    </section>
  );
}
