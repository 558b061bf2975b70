import { useEffect, useState } from 'react';
import { fallbackText } from '../lib/i18n';

const RELOAD_AFTER_S = 5;

/** The server did not answer at start-up (spec: with no response the page reloads). */
export function StartupFailure() {
  const [seconds, setSeconds] = useState(RELOAD_AFTER_S);
  useEffect(() => {
    if (seconds <= 0) {
      window.location.reload();
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold text-neutral-900 dark:text-white">{fallbackText('startup.failed_title')}</h1>
      <p className="mt-2 max-w-md text-neutral-600 dark:text-neutral-400">
        {fallbackText('startup.failed_description').replace('{{seconds}}', String(Math.max(seconds, 0)))}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 inline-flex min-h-11 items-center rounded-xl bg-accent-strong px-5 text-sm font-semibold text-white dark:bg-accent dark:text-neutral-950"
      >
        {fallbackText('common.retry_now')}
      </button>
    </div>
  );
}
