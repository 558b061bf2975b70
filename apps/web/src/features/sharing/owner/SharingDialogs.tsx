import { lazy, Suspense } from 'react';
import { loadSharingDialogs, useSharingDialogs } from './store';

const Content = lazy(loadSharingDialogs);

/**
 * Mounted once in the app shell. The popups' code (forms, QR, folder tree) is fetched the first
 * time one opens, or earlier when a menu that offers one opens, so the Files screen stays small.
 */
export function SharingDialogs() {
  const dialog = useSharingDialogs((s) => s.dialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Content dialog={dialog} />
    </Suspense>
  );
}
