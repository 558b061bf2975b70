import { lazy, Suspense } from 'react';
import { RemoteUploadProgress } from './RemoteUploadProgress';
import { useUploadsStarted } from './upload-signal';

/** The queue, its engine and its rows load with the first upload, not with the Files screen. */
const UploadQueuePanel = lazy(() => import('./UploadQueuePanel'));

/** Progress of the upload queue and of remote uploads; mounted once in the app shell (and on link pages). */
export function UploadPanel() {
  const started = useUploadsStarted();
  return (
    <>
      <RemoteUploadProgress />
      {started && (
        <Suspense fallback={null}>
          <UploadQueuePanel />
        </Suspense>
      )}
    </>
  );
}
