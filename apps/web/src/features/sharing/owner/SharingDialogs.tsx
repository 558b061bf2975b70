import { lazy, Suspense, useEffect } from 'react';
import { loadSharingDialogs, useSharingDialogs } from './store';

const Content = lazy(loadSharingDialogs);

/**
 * Mounted once in the app shell. The popups' code (forms, QR, folder tree) is fetched in an idle
 * moment after the screen shows, or when one first opens, so the Files screen stays small.
 */
export function SharingDialogs() {
  const dialog = useSharingDialogs((s) => s.dialog);
  useEffect(() => {
    const preload = () => void loadSharingDialogs();
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(preload);
      else preload();
    }, 3000);
    return () => clearTimeout(timer);
  }, []);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Content dialog={dialog} />
    </Suspense>
  );
}
