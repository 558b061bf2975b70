import { MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Spinner } from '../../../ui/Spinner';
import { inlineUrl } from '../kinds';
import type { PreviewFile } from '../preview-store';
import { PreviewFailed } from './NoPreview';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

type PdfDocument = pdfjs.PDFDocumentProxy;
type State =
  | { status: 'loading' }
  | { status: 'failed'; protected: boolean }
  | { status: 'ready'; doc: PdfDocument; width: number; height: number };

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 3;
const GUTTER_PX = 32;
/** Fitting a page to a wide screen would make it huge: past this width it reads like paper. */
const FIT_MAX_PX = 960;

/** One page: a box of the right size at once, drawn when it scrolls near the viewport. */
function PdfPage({
  doc,
  number,
  scale,
  estimate,
}: {
  doc: PdfDocument;
  number: number;
  scale: number;
  estimate: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [size, setSize] = useState(estimate);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false), {
      rootMargin: '600px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!visible || !target) return;
    let cancelled = false;
    let task: pdfjs.RenderTask | null = null;
    void doc.getPage(number).then((page) => {
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      setSize({ width: viewport.width / scale, height: viewport.height / scale });
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      task = page.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number, scale, visible]);

  return (
    <div
      ref={box}
      className="relative mx-auto bg-white shadow-xl ring-1 ring-black/10"
      style={{ width: size.width * scale, height: size.height * scale }}
    >
      <canvas ref={canvas} aria-label={t('preview.pdf_page', { page: number })} role="img" className="size-full" />
    </div>
  );
}

/**
 * PDF pages drawn by pdf.js (this chunk loads only when a PDF is opened), fitted to the width,
 * with zoom. The server answers Range requests, so pdf.js fetches what it draws. `toolbarEnd` joins
 * the end of the zoom bar (the public page's full-screen button), so nothing floats over the bar.
 */
export default function PdfViewer({
  file,
  onDownload,
  toolbarEnd,
}: {
  file: PreviewFile;
  onDownload: () => void;
  toolbarEnd?: ReactNode;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [availableWidth, setAvailableWidth] = useState(0);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');

  useEffect(() => {
    const task = pdfjs.getDocument({ url: inlineUrl(file), withCredentials: true, isEvalSupported: false });
    let doc: PdfDocument | null = null;
    task.promise
      .then(async (loaded) => {
        doc = loaded;
        const first = (await loaded.getPage(1)).getViewport({ scale: 1 });
        setState({ status: 'ready', doc: loaded, width: first.width, height: first.height });
      })
      .catch((error: unknown) =>
        setState({ status: 'failed', protected: error instanceof Error && error.name === 'PasswordException' }),
      );
    return () => {
      void task.destroy();
      void doc?.destroy();
    };
  }, [file]);

  useEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const observer = new ResizeObserver(() => {
      const style = getComputedStyle(node);
      setAvailableWidth(node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [state.status]);

  if (state.status === 'failed') {
    return (
      <PreviewFailed
        file={file}
        onDownload={onDownload}
        title={state.protected ? t('preview.pdf_protected') : undefined}
      />
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="flex size-full items-center justify-center text-neutral-400">
        <Spinner className="size-7" label={t('preview.loading')} />
      </div>
    );
  }

  const fitScale = availableWidth > 0 ? Math.min(FIT_MAX_PX, availableWidth - GUTTER_PX) / state.width : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;
  const step = (direction: 1 | -1) => {
    const next =
      direction === 1
        ? ZOOM_STEPS.find((z) => z > scale + 0.01)
        : [...ZOOM_STEPS].reverse().find((z) => z < scale - 0.01);
    if (next) setZoom(next);
  };
  const pages = Array.from({ length: state.doc.numPages }, (_, i) => i + 1);
  const control =
    'inline-flex size-10 items-center justify-center rounded-lg text-neutral-200 transition hover:bg-white/10 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-accent';
  return (
    <div className="absolute inset-0 flex flex-col">
      <div className="flex shrink-0 items-center justify-center gap-1 border-b border-white/10 bg-neutral-900/80 px-3 py-1 text-sm text-neutral-300">
        <span className="mr-2 tabular-nums">{t('preview.pdf_pages', { count: state.doc.numPages })}</span>
        <button
          type="button"
          className={control}
          onClick={() => step(-1)}
          aria-label={t('preview.zoom_out')}
          title={t('preview.zoom_out')}
          disabled={scale <= MIN_ZOOM}
        >
          <ZoomOut className="size-4.5" aria-hidden />
        </button>
        <span className="w-14 text-center tabular-nums" aria-live="polite">
          <span className="sr-only">{t('preview.zoom_level', { percent: Math.round(scale * 100) })}</span>
          <span aria-hidden>{Math.round(scale * 100)}%</span>
        </span>
        <button
          type="button"
          className={control}
          onClick={() => step(1)}
          aria-label={t('preview.zoom_in')}
          title={t('preview.zoom_in')}
          disabled={scale >= MAX_ZOOM}
        >
          <ZoomIn className="size-4.5" aria-hidden />
        </button>
        <button
          type="button"
          className={control}
          onClick={() => setZoom('fit')}
          aria-label={t('preview.fit_width')}
          title={t('preview.fit_width')}
          aria-pressed={zoom === 'fit'}
        >
          <MoveHorizontal className="size-4.5" aria-hidden />
        </button>
        {toolbarEnd && (
          <>
            <span aria-hidden className="mx-1 h-5 w-px bg-white/15" />
            {toolbarEnd}
          </>
        )}
      </div>
      <div
        ref={scroller}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-auto overscroll-contain py-4 focus-visible:outline-none sm:px-20"
      >
        <div className="flex w-max min-w-full flex-col items-center gap-4 px-4">
          {availableWidth > 0 &&
            pages.map((number) => (
              <PdfPage
                key={number}
                doc={state.doc}
                number={number}
                scale={scale}
                estimate={{ width: state.width, height: state.height }}
              />
            ))}
        </div>
      </div>
    </div>
  );
}
