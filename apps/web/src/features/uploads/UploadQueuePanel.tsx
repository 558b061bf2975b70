import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, History, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useConfig } from '../../lib/config';
import { useTranslation } from '../../lib/i18n';
import type { UploadSnapshot } from '../../lib/upload';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { ProgressBar, UploadRow } from './UploadRow';
import { setUploadPanelHeight, useUnfinishedUploads } from './upload-signal';
import { uploads, useUploads } from './upload-store';

const AUTO_CLOSE_MS = 6000;

function heading(snapshot: UploadSnapshot, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (snapshot.active) return t('upload.heading_active', { count: snapshot.queued });
  if (snapshot.failed > 0) return t('upload.heading_failed', { count: snapshot.failed });
  if (snapshot.uploaded > 0) return t('upload.heading_done', { count: snapshot.uploaded });
  return t('upload.heading_cancelled');
}

/**
 * Publishes the panel's height as --upload-panel-height, so a floating upload button stays clear of
 * it on phones, and to the file list (setUploadPanelHeight), whose end scrolls past it.
 */
function reserveSpace(node: HTMLElement | null): (() => void) | void {
  if (!node) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(node.getBoundingClientRect().height);
    root.style.setProperty('--upload-panel-height', `${height}px`);
    setUploadPanelHeight(height);
  });
  observer.observe(node);
  return () => {
    observer.disconnect();
    root.style.removeProperty('--upload-panel-height');
    setUploadPanelHeight(0);
  };
}

/**
 * Files an earlier visit left unfinished (ADR 0076): resume sends what is missing (finished files
 * were never kept), discard forgets them and drops their sessions on the server.
 */
function ResumeOffer({ count }: { count: number }) {
  const { t } = useTranslation();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'resume' | 'discard' | null>(null);
  const act = (which: 'resume' | 'discard') => {
    setBusy(which);
    void import('./resume')
      .then((resume) => (which === 'resume' ? resume.resumeUploads({ config, queryClient }) : resume.discardUploads()))
      .finally(() => setBusy(null));
  };
  return (
    <div role="group" aria-labelledby="upload-resume-title" className="flex shrink-0 flex-col gap-3 px-4 py-3">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <History className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="upload-resume-title" className="text-sm font-semibold text-neutral-900 dark:text-white">
            {t('upload.resume_title', { count })}
          </h2>
          <p className="mt-0.5 text-xs text-neutral-600 dark:text-neutral-400">{t('upload.resume_hint')}</p>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          loading={busy === 'discard'}
          disabled={busy !== null}
          onClick={() => act('discard')}
        >
          {t('upload.resume_discard')}
        </Button>
        <Button loading={busy === 'resume'} disabled={busy !== null} onClick={() => act('resume')}>
          {t('upload.resume')}
        </Button>
      </div>
    </div>
  );
}

/** The upload queue (spec §4): bottom-right on desktop, a bottom sheet on phones (lazy chunk). */
export default function UploadQueuePanel() {
  const { t } = useTranslation();
  const snapshot = useUploads();
  const unfinished = useUnfinishedUploads();
  // A phone keeps the list folded so the files stay in view; the header still shows the total.
  const [collapsed, setCollapsed] = useState(() => window.matchMedia('(max-width: 767px)').matches);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const { tasks, active, failed, uploaded } = snapshot;
  const settled = !active && tasks.length > 0;
  const total = tasks.filter((task) => task.status !== 'cancelled').length;

  useEffect(() => {
    if (!settled) return;
    setAnnouncement(
      failed > 0 ? t('upload.announce_failed', { failed, total }) : t('upload.announce_done', { count: uploaded }),
    );
    // A clean finish clears itself (spec §4); failures stay until the user has seen them.
    if (failed > 0 || tasks.some((task) => task.status === 'skipped')) return;
    const timer = setTimeout(() => uploads.clearFinished(), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [settled, failed, uploaded, total, tasks, t]);

  useEffect(() => {
    if (active) setAnnouncement('');
  }, [active]);

  // Leaving the page would drop the files still on their way: the browser asks first.
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  // Keep the file being sent in view while a long queue moves on.
  const current = tasks.find((task) => task.status === 'uploading' || task.status === 'processing')?.key;
  useEffect(() => {
    if (current) list.current?.querySelector(`[data-key="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const live = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
  if (tasks.length === 0 && unfinished === 0) return live;

  const done = tasks.filter((task) => task.status === 'done').length;
  return (
    <>
      {live}
      <section
        ref={reserveSpace}
        aria-label={t('upload.panel_label')}
        className={cn(
          'fixed inset-x-0 bottom-(--overlay-bottom,0px) z-30 flex max-h-[55dvh] flex-col rounded-t-2xl bg-white shadow-[0_-8px_30px_rgb(0_0_0/0.12)] ring-1 ring-neutral-200',
          'md:inset-x-auto md:right-4 md:bottom-[max(1rem,var(--overlay-bottom,0px))] md:max-h-[min(28rem,70dvh)] md:w-96 md:rounded-2xl md:shadow-2xl',
          'pb-[env(safe-area-inset-bottom)] md:pb-0 dark:bg-neutral-900 dark:ring-neutral-800',
        )}
      >
        {unfinished > 0 && <ResumeOffer count={unfinished} />}
        {tasks.length > 0 && (
          <>
            <header
              className={cn(
                'flex shrink-0 items-center gap-1 py-2 pr-2 pl-4',
                unfinished > 0 && 'border-t border-neutral-100 dark:border-neutral-800',
              )}
            >
              <div className="min-w-0 flex-1 py-1">
                <h2 className="truncate text-sm font-semibold text-neutral-900 dark:text-white">
                  {heading(snapshot, t)}
                </h2>
                <p className="mt-0.5 text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
                  {t('upload.summary', { done, total, percent: Math.floor(snapshot.progress) })}
                </p>
              </div>
              {active && (
                <button
                  type="button"
                  onClick={() => uploads.cancelAll()}
                  className="min-h-10 rounded-lg px-2.5 text-sm font-medium text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
                >
                  {t('upload.cancel_all')}
                </button>
              )}
              <button
                type="button"
                onClick={() => setCollapsed((c) => !c)}
                aria-expanded={!collapsed}
                aria-label={collapsed ? t('upload.expand') : t('upload.collapse')}
                title={collapsed ? t('upload.expand') : t('upload.collapse')}
                className="inline-flex size-10 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
              >
                {collapsed ? (
                  <ChevronUp className="size-4.5" aria-hidden />
                ) : (
                  <ChevronDown className="size-4.5" aria-hidden />
                )}
              </button>
              {!active && (
                <button
                  type="button"
                  onClick={() => uploads.clearFinished()}
                  aria-label={t('upload.close')}
                  title={t('upload.close')}
                  className="inline-flex size-10 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
                >
                  <X className="size-4.5" aria-hidden />
                </button>
              )}
            </header>
            <ProgressBar value={snapshot.progress} label={t('upload.total_progress')} className="mx-4 mb-2 shrink-0" />
            {!collapsed && (
              <ul
                ref={list}
                className="min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-neutral-100 py-1 dark:border-neutral-800"
              >
                {tasks.map((task) => (
                  <UploadRow key={task.key} task={task} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </>
  );
}
