import { Download, Maximize2 } from 'lucide-react';
import { AdSlot } from '../../consent/AdSlot';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Navigate } from '../../../app/routing';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { useDownloadItems } from '../../downloads';
import { FileTypeIcon } from '../../files/browser/ItemIcon';
import { FilesSourceProvider } from '../../files/browser/source';
import { formatDate, useDisplayTimezone } from '../../../lib/dates';
import { formatBytes } from '../../files/format';
import { isFile, type FileItem } from '../../files/items';
import { openPreview } from '../../preview';
import { FileViewer } from '../../preview/FileViewer';
import { previewKind, type PreviewKind } from '../../preview/kinds';
import { LinkTopBar, OwnerAvatar } from './LinkFrame';
import { LinkOverlays } from './LinkOverlays';
import { shareSource } from './link-source';
import { ShareGate, sharePaths, useShareLinkError, type OpenShare } from './ShareGate';
import { useExpiryText } from './expiry';

/** A friendly type: "PDF document", "JPG image", else the extension or the MIME type. */
function typeOf(file: FileItem, t: (key: string, options?: Record<string, unknown>) => string): string {
  const ext = file.attributes.extension?.toUpperCase();
  const category = file.attributes.category;
  if (ext && category !== 'other') return t(`public.type_${category}`, { ext });
  return ext ?? file.attributes.mimetype;
}

/**
 * The preview's box: a picture keeps its shape (up to a height), audio needs little room. On a
 * phone it also leaves room below it for the name, the Download button and the cookie notice
 * (--overlay-bottom), so the notice never sits on the page's primary action. (Whole class names:
 * Tailwind finds them in the source text.)
 */
const frames: Record<PreviewKind, string> = {
  image:
    'w-full max-h-[min(62dvh,640px)] max-sm:max-h-[max(14rem,calc(100dvh-20rem-var(--overlay-bottom,0px)))] min-h-56',
  video:
    'h-[min(45dvh,640px)] sm:h-[min(62dvh,640px)] max-sm:max-h-[max(14rem,calc(100dvh-20rem-var(--overlay-bottom,0px)))]',
  audio: 'h-80',
  pdf: 'h-[min(70dvh,720px)] max-sm:h-[max(14rem,calc(100dvh-20rem-var(--overlay-bottom,0px)))]',
  text: 'h-[min(62dvh,640px)] max-sm:h-[max(14rem,calc(100dvh-20rem-var(--overlay-bottom,0px)))]',
  none: '',
};

function frameStyle(file: FileItem, kind: PreviewKind): CSSProperties | undefined {
  const { width, height } = file.attributes;
  if (kind !== 'image') return undefined;
  return { aspectRatio: width && height ? `${width} / ${height}` : '4 / 3' };
}

function FileCard({ share, file }: { share: OpenShare; file: FileItem }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const download = useDownloadItems();
  const expiry = useExpiryText(share.expires_at);
  const kind = previewKind(file);
  const onDownload = () => download([file]);
  const fullScreen = () => openPreview([file], 0);
  const facts = [
    [t('public.size'), formatBytes(file.attributes.size)],
    [t('public.type'), typeOf(file, t)],
    [t('public.added'), formatDate(file.attributes.created_at)],
  ] as const;
  return (
    <main id="content" className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-3 py-4 pb-6 sm:px-6 sm:py-8">
      <div className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800">
        {kind !== 'none' && (
          <div className={cn('relative bg-neutral-950 text-white', frames[kind])} style={frameStyle(file, kind)}>
            {/* A PDF has its own bar at the top: the button joins it rather than float over its controls. */}
            <FileViewer
              file={file}
              kind={kind}
              onDownload={onDownload}
              pdfToolbarEnd={
                <button
                  type="button"
                  onClick={fullScreen}
                  aria-label={t('public.full_screen')}
                  title={t('public.full_screen')}
                  className="inline-flex size-10 items-center justify-center rounded-lg text-neutral-200 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <Maximize2 className="size-4.5" aria-hidden />
                </button>
              }
            />
            {(kind === 'image' || kind === 'text') && (
              <button
                type="button"
                onClick={fullScreen}
                aria-label={t('public.full_screen')}
                title={t('public.full_screen')}
                className="absolute top-3 right-3 z-10 inline-flex size-11 items-center justify-center rounded-xl bg-neutral-900/70 text-white ring-1 ring-white/10 backdrop-blur transition hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-accent"
              >
                <Maximize2 className="size-4.5" aria-hidden />
              </button>
            )}
          </div>
        )}
        {kind === 'none' && (
          <div className="flex items-center justify-center border-b border-neutral-200 bg-neutral-50 py-12 dark:border-neutral-800 dark:bg-neutral-950/40">
            <FileTypeIcon file={file} size="lg" />
          </div>
        )}
        <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-7">
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold tracking-tight break-words text-neutral-900 sm:text-2xl dark:text-white">
              {file.attributes.name}
            </h1>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1.5 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="flex gap-1.5">
                  <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
                  <dd className="font-medium text-neutral-800 dark:text-neutral-200">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <Button
            onClick={onDownload}
            className="min-h-12 px-6 sm:shrink-0"
            icon={<Download className="size-4.5" aria-hidden />}
          >
            {t('public.download_file')}
          </Button>
        </div>
        <div className="flex items-center gap-3 border-t border-neutral-200 px-5 py-4 sm:px-7 dark:border-neutral-800">
          <OwnerAvatar owner={share.owner} size={32} />
          <p className="min-w-0 text-sm text-neutral-600 dark:text-neutral-400">
            {t('public.shared_by', { name: share.owner.name })}
            {expiry && (
              <>
                <span aria-hidden> · </span>
                {expiry}
              </>
            )}
          </p>
        </div>
      </div>
    </main>
  );
}

function ShareFile({ share, token }: { share: OpenShare; token: string }) {
  const onLinkError = useShareLinkError(token);
  const source = useMemo(() => shareSource(token, share, onLinkError), [token, share, onLinkError]);
  const item = share.item.data;
  if (!isFile(item)) return <Navigate to={sharePaths.files(token)} replace />;
  return (
    <FilesSourceProvider source={source}>
      <div className="flex min-h-page flex-col bg-neutral-50 dark:bg-neutral-950">
        <LinkTopBar />
        <AdSlot banner="banner01" className="mx-auto mt-4 w-full max-w-3xl px-4" />
        <FileCard share={share} file={item} />
        <AdSlot banner="banner02" className="mx-auto mb-6 w-full max-w-3xl px-4" />
        <LinkOverlays />
      </div>
    </FilesSourceProvider>
  );
}

/** /share/{token}/file: one shared file, previewed when the browser can, with its download. */
export function ShareFilePage() {
  return (
    <ShareGate>
      {(share, token) =>
        share.type === 'file' ? (
          <ShareFile share={share} token={token} />
        ) : (
          <Navigate to={sharePaths.files(token)} replace />
        )
      }
    </ShareGate>
  );
}
