import type { FileResource } from '@filestore/contract';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import { usePreview } from './preview-store';

/** The dialog and its viewers are fetched on the first preview, not with the Files screen. */
const PreviewDialog = lazy(() => import('./PreviewDialog'));

/**
 * Opens the preview of `files[index]`; next and previous move through `files` (images, video,
 * audio, PDF, text and code; anything else offers a download).
 */
export function openPreview(files: FileResource['data'][], index: number): void {
  usePreview.getState().show(files, index);
}

/** Mounted once in the app shell. */
export function PreviewOverlay() {
  const open = usePreview((s) => s.open);
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-neutral-950/90 text-neutral-300">
          <Spinner className="size-7" />
        </div>
      }
    >
      <PreviewDialog />
    </Suspense>
  );
}
