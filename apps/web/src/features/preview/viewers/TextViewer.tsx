import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Spinner } from '../../../ui/Spinner';
import { formatBytes } from '../../files/format';
import { inlineUrl } from '../kinds';
import type { PreviewFile } from '../preview-store';
import { NoPreview, PreviewFailed } from './NoPreview';
import { parseTable } from './text/csv';
import { languageOf } from './text/languages';

/** Enough for any source file; a log of gigabytes is shown by its beginning. */
const TEXT_LIMIT = 1024 * 1024;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'binary' } | { status: 'ready'; text: string };

/** NUL bytes near the start: not text, whatever the name says. */
const looksBinary = (bytes: Uint8Array) => bytes.subarray(0, 8000).includes(0);

/** The first TEXT_LIMIT bytes: a Range request, and a capped read in case the server sends everything. */
async function loadText(url: string, signal: AbortSignal): Promise<string | null> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Range: `bytes=0-${TEXT_LIMIT - 1}` },
    signal,
  });
  if (!response.ok) throw new Error(`Preview answered ${response.status}`);
  const bytes = new Uint8Array(TEXT_LIMIT);
  let length = 0;
  const reader = response.body?.getReader();
  if (!reader) return '';
  while (length < TEXT_LIMIT) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = Math.min(value.length, TEXT_LIMIT - length);
    bytes.set(value.subarray(0, take), length);
    length += take;
  }
  await reader.cancel().catch(() => undefined);
  if (looksBinary(bytes.subarray(0, length))) return null;
  // A character cut in half at the limit decodes as U+FFFD: drop it rather than show it.
  return new TextDecoder('utf-8').decode(bytes.subarray(0, length)).replace(/\uFFFD+$/, '');
}

type Mode = 'markdown' | 'table' | 'text';

function modeOf(file: PreviewFile): { mode: Mode; tab: boolean } {
  const extension = file.attributes.extension?.toLowerCase() ?? '';
  const mime = file.attributes.mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  if (['md', 'markdown', 'mdx'].includes(extension) || mime === 'text/markdown')
    return { mode: 'markdown', tab: false };
  if (extension === 'csv' || mime === 'text/csv') return { mode: 'table', tab: false };
  if (extension === 'tsv' || mime === 'text/tab-separated-values') return { mode: 'table', tab: true };
  return { mode: 'text', tab: false };
}

/** Highlighting a huge file would freeze the tab for seconds: past this it is shown plain. */
const HIGHLIGHT_LIMIT = 256 * 1024;

/** Highlighted HTML for code, once the highlighter (its own chunk, loaded on demand) has run. */
function useHighlighted(text: string, language: string | null): string | null {
  const [html, setHtml] = useState<{ text: string; html: string } | null>(null);
  useEffect(() => {
    if (!language || !text || text.length > HIGHLIGHT_LIMIT) return;
    let live = true;
    import('./text/highlight').then(
      ({ highlight }) => live && setHtml({ text, html: highlight(text, language) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [text, language]);
  return html && html.text === text ? html.html : null;
}

/**
 * Text and code as numbered lines: a monospace <pre> filled through React (escaped, never parsed as
 * HTML, so an .html file is shown, not run), or with highlight.js's escaped token spans. Each line
 * takes its own direction, so Arabic and Hebrew read right to left.
 */
function Lines({ text, language }: { text: string; language: string | null }) {
  const lineCount = useMemo(() => (text ? text.split('\n').length : 0), [text]);
  const numbers = useMemo(() => Array.from({ length: lineCount }, (_, i) => i + 1).join('\n'), [lineCount]);
  const highlighted = useHighlighted(text, language);
  return (
    <div className="flex overflow-x-auto font-mono text-[13px] leading-5">
      <pre
        aria-hidden
        className="sticky left-0 shrink-0 border-r border-neutral-200 bg-neutral-50 px-3 py-3 text-right text-neutral-400 select-none dark:border-neutral-800 dark:bg-neutral-950/60 dark:text-neutral-500"
      >
        {numbers}
      </pre>
      {highlighted === null ? (
        <pre
          tabIndex={0}
          dir="auto"
          className="min-w-0 flex-1 px-4 py-3 text-start whitespace-pre [unicode-bidi:plaintext] focus-visible:outline-none"
        >
          {text}
        </pre>
      ) : (
        <pre
          tabIndex={0}
          dir="auto"
          data-highlighted={language ?? undefined}
          className="min-w-0 flex-1 px-4 py-3 text-start whitespace-pre [unicode-bidi:plaintext] focus-visible:outline-none"
          dangerouslySetInnerHTML={{ __html: highlighted }}
        />
      )}
    </div>
  );
}

function ViewToggle({ mode, raw, onChange }: { mode: Mode; raw: boolean; onChange: (raw: boolean) => void }) {
  const { t } = useTranslation();
  const option = (value: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={raw === value}
      onClick={() => onChange(value)}
      className="rounded-md px-2.5 py-1 font-medium text-neutral-600 hover:text-neutral-900 aria-pressed:bg-white aria-pressed:text-neutral-900 aria-pressed:shadow-sm dark:text-neutral-400 dark:hover:text-neutral-100 dark:aria-pressed:bg-neutral-700 dark:aria-pressed:text-neutral-50"
    >
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label={t('preview.view_as')}
      className="flex rounded-lg bg-neutral-100 p-0.5 dark:bg-neutral-800"
    >
      {option(false, mode === 'table' ? t('preview.view_table') : t('preview.view_formatted'))}
      {option(true, t('preview.view_raw'))}
    </div>
  );
}

const MarkdownView = lazy(() => import('./text/MarkdownView'));
const TableView = lazy(() => import('./text/TableView'));

/**
 * Text files: Markdown rendered (sanitised), CSV and TSV as a table, code highlighted, the rest as
 * plain numbered lines; Markdown and tables can be switched to their raw text.
 */
export default function TextViewer({ file, onDownload }: { file: PreviewFile; onDownload: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [raw, setRaw] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setRaw(false);
    loadText(inlineUrl(file), controller.signal).then(
      (text) => setState(text === null ? { status: 'binary' } : { status: 'ready', text }),
      () => !controller.signal.aborted && setState({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [file]);

  const text = state.status === 'ready' ? state.text.replace(/\r\n?/g, '\n').replace(/\n$/, '') : '';
  const lineCount = useMemo(() => (text ? text.split('\n').length : 0), [text]);
  const { mode, tab } = modeOf(file);
  const truncated = file.attributes.size > TEXT_LIMIT;
  const table = useMemo(
    () => (mode === 'table' && text ? parseTable(text, tab ? '\t' : undefined, truncated) : null),
    [mode, text, tab, truncated],
  );
  const language = mode === 'text' ? languageOf(file.attributes.name, file.attributes.extension) : null;

  if (state.status === 'failed') return <PreviewFailed file={file} onDownload={onDownload} />;
  if (state.status === 'binary') return <NoPreview file={file} onDownload={onDownload} />;
  if (state.status === 'loading') return <Loading />;
  const rendered = mode !== 'text' && !raw;
  return (
    <div className="absolute inset-0 overflow-auto overscroll-contain px-2 py-3 sm:px-20 sm:py-6">
      <div
        className={`mx-auto overflow-hidden rounded-xl bg-white text-neutral-900 shadow-2xl ring-1 ring-neutral-200 dark:bg-neutral-900 dark:text-neutral-100 dark:ring-neutral-800 ${
          mode === 'markdown' ? 'max-w-3xl' : 'w-fit max-w-full min-w-[min(100%,48rem)]'
        }`}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-neutral-200 px-4 py-2 text-xs text-neutral-500 dark:border-neutral-800 dark:text-neutral-400">
          <span>
            {rendered && table ? t('preview.rows', { count: table.total }) : t('preview.lines', { count: lineCount })}
          </span>
          {mode !== 'text' && <ViewToggle mode={mode} raw={raw} onChange={setRaw} />}
          {truncated && (
            <span role="note" className="basis-full text-amber-700 dark:text-amber-400">
              {t('preview.truncated', { shown: formatBytes(TEXT_LIMIT), size: formatBytes(file.attributes.size) })}
            </span>
          )}
        </div>
        {rendered ? (
          <Suspense fallback={<Loading />}>
            {mode === 'markdown' ? <MarkdownView text={text} /> : table && <TableView table={table} />}
          </Suspense>
        ) : (
          <Lines text={text} language={language} />
        )}
      </div>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="flex size-full min-h-40 items-center justify-center text-neutral-400">
      <Spinner className="size-7" label={t('preview.loading')} />
    </div>
  );
}
