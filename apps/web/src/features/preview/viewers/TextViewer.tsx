import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Spinner } from '../../../ui/Spinner';
import { formatBytes } from '../../files/format';
import { inlineUrl } from '../kinds';
import type { PreviewFile } from '../preview-store';
import { NoPreview, PreviewFailed } from './NoPreview';

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

/**
 * Text and code, always as text: a monospace <pre> filled through React (escaped, never parsed as
 * HTML, so an .html file is shown, not run), with line numbers.
 */
export default function TextViewer({ file, onDownload }: { file: PreviewFile; onDownload: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    loadText(inlineUrl(file), controller.signal).then(
      (text) => setState(text === null ? { status: 'binary' } : { status: 'ready', text }),
      () => !controller.signal.aborted && setState({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [file]);

  const text = state.status === 'ready' ? state.text.replace(/\r\n?/g, '\n').replace(/\n$/, '') : '';
  const lineCount = useMemo(() => (text ? text.split('\n').length : 0), [text]);
  const numbers = useMemo(() => Array.from({ length: lineCount }, (_, i) => i + 1).join('\n'), [lineCount]);

  if (state.status === 'failed') return <PreviewFailed file={file} onDownload={onDownload} />;
  if (state.status === 'binary') return <NoPreview file={file} onDownload={onDownload} />;
  if (state.status === 'loading') {
    return (
      <div className="flex size-full items-center justify-center text-neutral-400">
        <Spinner className="size-7" label={t('preview.loading')} />
      </div>
    );
  }
  const truncated = file.attributes.size > TEXT_LIMIT;
  return (
    <div className="absolute inset-0 overflow-auto overscroll-contain px-2 py-3 sm:px-20 sm:py-6">
      <div className="mx-auto w-fit max-w-full min-w-[min(100%,48rem)] overflow-hidden rounded-xl bg-white text-neutral-900 shadow-2xl ring-1 ring-neutral-200 dark:bg-neutral-900 dark:text-neutral-100 dark:ring-neutral-800">
        <div className="flex items-center justify-between gap-3 border-b border-neutral-200 px-4 py-2 text-xs text-neutral-500 dark:border-neutral-800 dark:text-neutral-400">
          <span>{t('preview.lines', { count: lineCount })}</span>
          {truncated && (
            <span role="note" className="text-right text-amber-700 dark:text-amber-400">
              {t('preview.truncated', { shown: formatBytes(TEXT_LIMIT), size: formatBytes(file.attributes.size) })}
            </span>
          )}
        </div>
        <div className="flex overflow-x-auto font-mono text-[13px] leading-5">
          <pre
            aria-hidden
            className="sticky left-0 shrink-0 border-r border-neutral-200 bg-neutral-50 px-3 py-3 text-right text-neutral-400 select-none dark:border-neutral-800 dark:bg-neutral-950/60 dark:text-neutral-500"
          >
            {numbers}
          </pre>
          <pre tabIndex={0} className="min-w-0 flex-1 px-4 py-3 whitespace-pre focus-visible:outline-none">
            {text}
          </pre>
        </div>
      </div>
    </div>
  );
}
