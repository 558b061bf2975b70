import { lazy, Suspense, useEffect } from 'react';
import { afterFirstScreen } from '../../../lib/idle';
import { useTeamDialogs } from './store';

const load = () => import('./TeamDialogsContent');
const Content = lazy(load);

/** Mounted once in the app shell; the popups' code loads once the first screen has settled. */
export function TeamDialogs() {
  const dialog = useTeamDialogs((s) => s.dialog);
  useEffect(() => afterFirstScreen(() => void load()), []);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Content dialog={dialog} />
    </Suspense>
  );
}
