import { CircleAlert, CircleCheck, File as FileIcon, LoaderCircle, RotateCcw, X } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { UploadTask } from '../../lib/upload';
import { cn } from '../../ui/cn';
import { formatBytes } from '../files/format';
import { failureText } from './feedback';
import { uploads } from './upload-store';

export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-1.5 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800', className)}
    >
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-300 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function StatusIcon({ task }: { task: UploadTask }) {
  if (task.status === 'done') return <CircleCheck className="size-5 text-accent-strong dark:text-accent" aria-hidden />;
  if (task.status === 'failed') return <CircleAlert className="size-5 text-red-600 dark:text-red-400" aria-hidden />;
  if (task.status === 'processing')
    return <LoaderCircle className="size-5 animate-spin text-neutral-500" aria-hidden />;
  return <FileIcon className="size-5 text-neutral-400 dark:text-neutral-500" aria-hidden />;
}

function statusText(task: UploadTask, t: (key: string, options?: Record<string, unknown>) => string): string {
  switch (task.status) {
    case 'uploading':
      return t('upload.status_uploading', { sent: formatBytes(task.sent), size: formatBytes(task.size) });
    case 'failed':
      if (task.failure?.kind === 'refused' && task.failure.message) return task.failure.message;
      if (task.failure && task.failure.kind !== 'generic') return t(`upload.failed_${task.failure.kind}`);
      // A code the server (or the resume) gave says more than "failed"; a plain network error does not.
      return task.failure && task.failure.status !== 0
        ? failureText(task.failure, t('upload.status_failed'))
        : t('upload.status_failed');
    default:
      return t(`upload.status_${task.status}`);
  }
}

/** One file of the queue: name, state, its own bar while it moves, and cancel or retry. */
export const UploadRow = memo(function UploadRow({ task }: { task: UploadTask }) {
  const { t } = useTranslation();
  const moving = task.status === 'uploading' || task.status === 'processing';
  const finished = task.status === 'failed' || task.status === 'cancelled' || task.status === 'skipped';
  const percent = task.size > 0 ? (task.sent / task.size) * 100 : 0;
  return (
    <li data-key={task.key} className="flex items-center gap-3 py-2 pr-1 pl-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-neutral-100 dark:bg-neutral-800">
        <StatusIcon task={task} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100" title={task.name}>
          {task.name}
        </p>
        <p
          className={cn(
            'mt-0.5 truncate text-xs',
            task.status === 'failed' ? 'text-red-600 dark:text-red-400' : 'text-neutral-500 dark:text-neutral-400',
          )}
        >
          {statusText(task, t)}
        </p>
        {moving && (
          <ProgressBar value={percent} label={t('upload.file_progress', { name: task.name })} className="mt-1.5" />
        )}
      </div>
      {finished ? (
        <button
          type="button"
          onClick={() => uploads.retry(task.key)}
          aria-label={t('upload.retry', { name: task.name })}
          title={t('upload.retry', { name: task.name })}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
        >
          <RotateCcw className="size-4" aria-hidden />
        </button>
      ) : task.status !== 'done' ? (
        <button
          type="button"
          onClick={() => uploads.cancel(task.key)}
          aria-label={t('upload.cancel', { name: task.name })}
          title={t('upload.cancel', { name: task.name })}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : (
        <span className="size-10 shrink-0" aria-hidden />
      )}
    </li>
  );
});
