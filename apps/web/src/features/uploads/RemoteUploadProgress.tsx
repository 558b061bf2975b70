import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ChevronDown, Link2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { RemoteUploadResource } from '@filestore/contract';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useRealtime } from '../../lib/realtime';
import { cn } from '../../ui/cn';
import { useFilesSource } from '../files/browser/source';
import { refreshFiles } from '../files/refresh';
import { batchFromResource, useRemoteUploads, type RemoteBatch } from './remote-uploads';

/** While the socket is not there (or misses an event), a running batch's status is asked this often. */
export const POLL_MS = 2000;
/** A batch that finished without failures leaves on its own after this long. */
const DISMISS_MS = 6000;

/**
 * Spec §2 remote-upload progress bar: processed of total, and failed when above 0, for each batch
 * this tab follows. Driven by `remote-upload.progress` / `.done` from the socket, and by polling
 * the batch's status meanwhile, so it works either way; each new file refreshes the listings.
 */
export function RemoteUploadProgress() {
  const batches = useRemoteUploads((s) => s.batches);
  const put = useRemoteUploads((s) => s.put);
  const queryClient = useQueryClient();
  const source = useFilesSource();
  const seen = useRef(new Map<string, number>());

  const refresh = () => {
    void refreshFiles(queryClient);
    void queryClient.invalidateQueries({ queryKey: source.keys.navigation.slice(0, -1) });
  };
  // New files appeared: the listings catch up.
  useEffect(() => {
    let changed = false;
    for (const b of batches) {
      if ((seen.current.get(b.id) ?? 0) < b.processed - b.failed) changed = true;
      seen.current.set(b.id, b.processed - b.failed);
    }
    if (changed) refresh();
  });

  useRealtime('remote-upload.progress', (p) =>
    put({ id: p.batch_id, total: p.total, processed: p.processed, failed: p.failed }),
  );
  useRealtime('remote-upload.done', (p) =>
    put({ id: p.batch_id, total: p.total, processed: p.processed, failed: p.failed, failures: p.failures, done: true }),
  );

  const running = batches
    .filter((b) => !b.done && b.statusUrl)
    .map((b) => b.id)
    .join(',');
  useEffect(() => {
    if (running === '') return;
    const timer = setInterval(() => {
      for (const b of useRemoteUploads.getState().batches.filter((x) => !x.done && x.statusUrl)) {
        const url = b.statusUrl as string;
        api.get<RemoteUploadResource>(url).then(
          (resource) => put(batchFromResource(resource, url)),
          () => undefined,
        );
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, put]);

  if (batches.length === 0) return null;
  return (
    <div
      className={cn(
        'fixed inset-x-3 bottom-[calc(5.5rem+var(--overlay-bottom,0px)+var(--upload-panel-height,0px))] z-30 flex flex-col gap-2',
        // Desktop: bottom-right like the upload queue, stacked above it when it is open.
        'md:inset-x-auto md:right-4 md:bottom-[calc(max(1rem,var(--overlay-bottom,0px))+var(--upload-panel-height,0px))] md:mb-2 md:w-96',
      )}
    >
      {batches.map((batch) => (
        <BatchCard key={batch.id} batch={batch} />
      ))}
    </div>
  );
}

function BatchCard({ batch }: { batch: RemoteBatch }) {
  const { t } = useTranslation();
  const dismiss = useRemoteUploads((s) => s.dismiss);
  const [open, setOpen] = useState(false);
  const percent = batch.total > 0 ? Math.round((batch.processed / batch.total) * 100) : 0;
  const clean = batch.done && batch.failed === 0;

  useEffect(() => {
    if (!clean) return;
    const timer = setTimeout(() => dismiss(batch.id), DISMISS_MS);
    return () => clearTimeout(timer);
  }, [clean, batch.id, dismiss]);

  const Icon = !batch.done ? Link2 : batch.failed > 0 ? AlertTriangle : CheckCircle2;
  return (
    <section
      aria-label={t('remote_upload.progress_label')}
      className="rounded-2xl bg-white p-3.5 shadow-xl ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800"
    >
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden
          className={cn(
            'mt-0.5 size-5 shrink-0',
            !batch.done && 'text-accent-strong dark:text-accent',
            batch.done && batch.failed > 0 && 'text-amber-600 dark:text-amber-400',
            clean && 'text-emerald-600 dark:text-emerald-400',
          )}
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-neutral-900 dark:text-white">
            {batch.done ? t('remote_upload.finished') : t('remote_upload.running')}
          </p>
          <p
            className="mt-0.5 text-xs text-neutral-600 tabular-nums dark:text-neutral-400"
            role="status"
            aria-live="polite"
            data-testid="remote-upload-counts"
          >
            {t('remote_upload.counts', { processed: batch.processed, total: batch.total })}
            {batch.failed > 0 && (
              <span className="font-medium text-red-600 dark:text-red-400">
                {' · '}
                {t('remote_upload.failed_count', { count: batch.failed })}
              </span>
            )}
          </p>
        </div>
        {batch.done && (
          <button
            type="button"
            aria-label={t('remote_upload.dismiss')}
            onClick={() => dismiss(batch.id)}
            className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:hover:bg-neutral-800 dark:hover:text-white"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={t('remote_upload.progress_label')}
        aria-valuemin={0}
        aria-valuemax={batch.total}
        aria-valuenow={batch.processed}
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-300',
            batch.failed > 0 ? 'bg-amber-500' : 'bg-accent-strong dark:bg-accent',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      {batch.done && batch.failures.length > 0 && (
        <div className="mt-2">
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-1 text-xs font-semibold text-accent-strong hover:underline dark:text-accent"
          >
            {t('remote_upload.show_failures')}
            <ChevronDown className={cn('size-3.5 transition', open && 'rotate-180')} aria-hidden />
          </button>
          {open && (
            <ul className="mt-2 max-h-40 space-y-1.5 overflow-y-auto text-xs">
              {batch.failures.map((f) => (
                <li key={f.url} className="break-all text-neutral-700 dark:text-neutral-300">
                  <span className="font-mono">{f.url}</span>
                  <span className="block text-neutral-500 dark:text-neutral-400">{f.reason}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
