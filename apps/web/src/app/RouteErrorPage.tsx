import { useLayoutEffect } from 'react';
import { useRouteError } from './routing';
import { dismissBootSkeleton } from '../lib/boot';
import { fallbackText } from '../lib/i18n';

/** Last resort when a screen throws: say so plainly and offer a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  useLayoutEffect(dismissBootSkeleton, []);
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="mt-2 text-2xl font-bold text-neutral-900 dark:text-white">
        {fallbackText('errors.screen_failed')}
      </h1>
      <p className="mt-2 max-w-md text-neutral-600 dark:text-neutral-400">
        {fallbackText('errors.screen_failed_description')}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 inline-flex min-h-11 items-center rounded-xl bg-accent-strong px-5 text-sm font-semibold text-white dark:bg-accent dark:text-neutral-950"
      >
        {fallbackText('common.reload')}
      </button>
    </div>
  );
}
