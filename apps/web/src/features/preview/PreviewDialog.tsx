import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { captureOpener, returnFocus } from '../../ui/focus-return';
import { useDownloadItems } from '../downloads';
import { formatBytes } from '../files/format';
import { FileViewer } from './FileViewer';
import { imageUrl, previewKind, type PreviewKind } from './kinds';
import { usePreview, type PreviewFile } from './preview-store';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement>;

const SWIPE_MIN_PX = 60;
/** Kinds that scroll on their own, where a horizontal swipe must not change the file. */
const SCROLLING: ReadonlySet<PreviewKind> = new Set(['pdf', 'text']);

function HeaderButton({ label, children, ...rest }: { label: string; children: ReactNode } & ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-label={label}
      title={label}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-neutral-300 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-accent"
    >
      {children}
    </button>
  );
}

function StepButton({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cn(
        'absolute top-1/2 z-10 hidden size-12 -translate-y-1/2 items-center justify-center rounded-full bg-neutral-900/70 text-white shadow-lg ring-1 ring-white/10 backdrop-blur transition hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-accent sm:inline-flex',
        side === 'left' ? 'left-4' : 'right-4',
      )}
    >
      <Icon className="size-6" aria-hidden />
    </button>
  );
}

/** Warms the browser cache for the images either side, so stepping through photos is instant. */
function usePreloadNeighbours(files: PreviewFile[], index: number) {
  useEffect(() => {
    for (const neighbour of [files[index - 1], files[index + 1]]) {
      if (neighbour && previewKind(neighbour) === 'image') new Image().src = imageUrl(neighbour);
    }
  }, [files, index]);
}

/** Full-screen preview (lazy chunk): focus trapped, Escape closes, arrows and swipes step through files. */
export default function PreviewDialog() {
  const { t } = useTranslation();
  const { files, index, open, go, close } = usePreview();
  const download = useDownloadItems();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const content = useRef<HTMLDivElement>(null);
  // Mounted as the preview opens: what opened it (the list) gets focus back on close.
  const [opener] = useState(captureOpener);
  usePreloadNeighbours(files, index);
  const file = files[index];
  if (!file) return null;
  const kind = previewKind(file);
  const hasPrevious = index > 0;
  const hasNext = index < files.length - 1;
  const onDownload = () => download([file]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    // A focused player uses the arrows to seek.
    if ((event.target as HTMLElement).closest('video, audio, input')) return;
    if (event.key === 'ArrowLeft' && hasPrevious) go(-1);
    else if (event.key === 'ArrowRight' && hasNext) go(1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || SCROLLING.has(kind)) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    if (dx > 0 && hasPrevious) go(-1);
    if (dx < 0 && hasNext) go(1);
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-neutral-950 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          ref={content}
          onKeyDown={onKeyDown}
          // The dialog itself takes focus (arrows and Escape work at once), not the download button.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener);
          }}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          <header className="flex h-16 shrink-0 items-center gap-2 border-b border-white/10 bg-neutral-950/80 pr-2 pl-4 sm:pr-3 sm:pl-5">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="truncate text-sm font-semibold sm:text-base">
                {file.attributes.name}
              </RadixDialog.Title>
              <p className="truncate text-xs text-neutral-400 tabular-nums">
                {files.length > 1 && `${t('preview.position', { current: index + 1, total: files.length })} · `}
                {formatBytes(file.attributes.size)}
              </p>
            </div>
            <HeaderButton label={t('preview.download')} onClick={onDownload}>
              <Download className="size-5" aria-hidden />
            </HeaderButton>
            <RadixDialog.Close asChild>
              <HeaderButton label={t('preview.close')}>
                <X className="size-5.5" aria-hidden />
              </HeaderButton>
            </RadixDialog.Close>
          </header>
          <div
            className="relative min-h-0 flex-1 touch-pan-y"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            <FileViewer key={file.id} file={file} kind={kind} onDownload={onDownload} />
            {hasPrevious && <StepButton side="left" label={t('preview.previous')} onClick={() => go(-1)} />}
            {hasNext && <StepButton side="right" label={t('preview.next')} onClick={() => go(1)} />}
          </div>
          {files.length > 1 && (
            <nav
              aria-label={t('preview.position', { current: index + 1, total: files.length })}
              className="flex shrink-0 items-center justify-between gap-2 border-t border-white/10 bg-neutral-950/80 px-2 py-1.5 pb-[max(0.375rem,env(safe-area-inset-bottom))] sm:hidden"
            >
              <button
                type="button"
                onClick={() => go(-1)}
                disabled={!hasPrevious}
                aria-label={t('preview.previous')}
                className="inline-flex size-11 items-center justify-center rounded-xl text-neutral-200 disabled:opacity-30"
              >
                <ChevronLeft className="size-6" aria-hidden />
              </button>
              <span className="text-sm text-neutral-400 tabular-nums">
                {t('preview.position', { current: index + 1, total: files.length })}
              </span>
              <button
                type="button"
                onClick={() => go(1)}
                disabled={!hasNext}
                aria-label={t('preview.next')}
                className="inline-flex size-11 items-center justify-center rounded-xl text-neutral-200 disabled:opacity-30"
              >
                <ChevronRight className="size-6" aria-hidden />
              </button>
            </nav>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
