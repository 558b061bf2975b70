import { lazy, Suspense, useEffect } from 'react';
import { useFileDialogs } from './store';

const load = () => import('./Dialogs');
const Dialogs = lazy(load);

/**
 * Mounted once in the app shell. The popups' code (emoji picker, folder tree) loads on the
 * first idle moment after the shell shows, so opening one never waits and the first screen stays small.
 */
export function FileDialogs() {
  const dialog = useFileDialogs((s) => s.dialog);
  useEffect(() => {
    const preload = () => void load();
    if ('requestIdleCallback' in window) window.requestIdleCallback(preload);
    else setTimeout(preload, 1500);
  }, []);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Dialogs dialog={dialog} />
    </Suspense>
  );
}
