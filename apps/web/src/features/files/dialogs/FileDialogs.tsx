import { lazy, Suspense, useEffect } from 'react';
import { afterFirstScreen } from '../../../lib/idle';
import { useFileDialogs } from './store';

const load = () => import('./Dialogs');
const Dialogs = lazy(load);

/**
 * Mounted once in the app shell. The popups' code (emoji picker, folder tree) loads once the first
 * screen has settled (see afterFirstScreen), so opening one rarely waits and the first screen stays small.
 */
export function FileDialogs() {
  const dialog = useFileDialogs((s) => s.dialog);
  useEffect(() => afterFirstScreen(() => void load()), []);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Dialogs dialog={dialog} />
    </Suspense>
  );
}
