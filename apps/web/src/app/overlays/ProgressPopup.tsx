import { useProgressPopup } from '../../lib/popups';
import { Spinner } from '../../ui/Spinner';

/**
 * Spec §9: the progress popup. Shown over everything while a step the user cannot cancel runs
 * (signing out, once it takes more than 300 ms); it has no button and Escape does not close it.
 */
export function ProgressPopup() {
  const progress = useProgressPopup((s) => s.progress);
  if (!progress) return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-neutral-950/50 p-4 backdrop-blur-[2px]">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-busy="true"
        aria-labelledby="progress-popup-title"
        aria-describedby={progress.message ? 'progress-popup-message' : undefined}
        className="w-full max-w-[420px] rounded-2xl bg-white p-6 text-center shadow-2xl ring-1 ring-neutral-200 sm:p-8 dark:bg-neutral-900 dark:ring-neutral-800"
      >
        <Spinner className="mx-auto mb-4 size-8 text-accent-strong dark:text-accent" />
        <h2 id="progress-popup-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
          {progress.title}
        </h2>
        {progress.message && (
          <p id="progress-popup-message" className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
            {progress.message}
          </p>
        )}
      </div>
    </div>
  );
}
