import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Spinner } from '../../ui/Spinner';
import type { PreviewKind } from './kinds';
import type { PreviewFile } from './preview-store';
import { ImageViewer } from './viewers/ImageViewer';
import { AudioViewer, VideoViewer } from './viewers/MediaViewer';
import { NoPreview } from './viewers/NoPreview';

const PdfViewer = lazy(() => import('./viewers/PdfViewer'));
const TextViewer = lazy(() => import('./viewers/TextViewer'));

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="flex size-full items-center justify-center text-neutral-400">
      <Spinner className="size-7" label={t('preview.loading')} />
    </div>
  );
}

/**
 * The viewer for a file's kind, filling a dark, relatively positioned box: the preview overlay's,
 * or a shared file's card. PDF and text viewers load on first use.
 */
export function FileViewer({
  file,
  kind,
  onDownload,
  pdfToolbarEnd,
}: {
  file: PreviewFile;
  kind: PreviewKind;
  onDownload: () => void;
  /** Extra controls at the end of the PDF viewer's bar. */
  pdfToolbarEnd?: ReactNode;
}) {
  switch (kind) {
    case 'image':
      return <ImageViewer file={file} onDownload={onDownload} />;
    case 'video':
      return <VideoViewer file={file} onDownload={onDownload} />;
    case 'audio':
      return <AudioViewer file={file} onDownload={onDownload} />;
    case 'pdf':
      return (
        <Suspense fallback={<Loading />}>
          <PdfViewer file={file} onDownload={onDownload} toolbarEnd={pdfToolbarEnd} />
        </Suspense>
      );
    case 'text':
      return (
        <Suspense fallback={<Loading />}>
          <TextViewer file={file} onDownload={onDownload} />
        </Suspense>
      );
    default:
      return <NoPreview file={file} onDownload={onDownload} />;
  }
}
