import { lazy, Suspense } from 'react';
import { useUploadsStarted } from './upload-signal';

/** The queue, its engine and its rows load with the first upload, not with the Files screen. */
const UploadQueuePanel = lazy(() => import('./UploadQueuePanel'));

/** Progress of the upload queue; mounted once in the app shell. */
export function UploadPanel() {
  const started = useUploadsStarted();
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <UploadQueuePanel />
    </Suspense>
  );
}
