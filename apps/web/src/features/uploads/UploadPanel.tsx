import { lazy, Suspense, useEffect } from 'react';
import { afterFirstScreen } from '../../lib/idle';
import { RemoteUploadProgress } from './RemoteUploadProgress';
import { markUploadsStarted, offerResume, useUploadsStarted } from './upload-signal';

/** The queue, its engine and its rows load with the first upload, not with the Files screen. */
const UploadQueuePanel = lazy(() => import('./UploadQueuePanel'));

let checked = false;

/**
 * Once per page load: files an earlier visit left unfinished (a reload, a crashed tab) bring the
 * panel up with its offer to resume them (ADR 0076). Only the small store module loads for it.
 */
function checkUnfinished(): void {
  if (checked) return;
  checked = true;
  afterFirstScreen(() => {
    void import('../../lib/upload/queue-store').then(async ({ IdbQueueStore }) => {
      const count = await new IdbQueueStore().countOrphans();
      if (count === 0) return;
      offerResume(count);
      markUploadsStarted();
    });
  });
}

/** Progress of the upload queue and of remote uploads; mounted once in the app shell (and on link pages). */
export function UploadPanel() {
  const started = useUploadsStarted();
  useEffect(checkUnfinished, []);
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
