import { useEffect, useState } from 'react';
import { useNavigation } from './routing';
import { useTranslation } from '../lib/i18n';
import { Spinner } from '../ui/Spinner';

/** True once `delay` ms have passed while `active` stayed true: quick loads show nothing at all. */
function useDelayed(active: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return active && shown;
}

/**
 * The whole screen while the first screen's code loads: the page background only, and a small
 * spinner if it takes a while. Nothing to lay out, so nothing jumps when the screen arrives.
 */
export function ScreenLoading() {
  const { t } = useTranslation();
  const visible = useDelayed(true, 400);
  return (
    <div className="flex min-h-dvh items-center justify-center text-neutral-400 dark:text-neutral-500">
      {visible && (
        <div className="animate-[fade-in_300ms_ease-out]">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      )}
    </div>
  );
}

/**
 * While the next screen's code (or data) loads, the current screen stays and a thin bar runs
 * along the top edge.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state === 'loading';
  const visible = useDelayed(loading, 150);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading')}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent/15"
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1.1s_ease-in-out_infinite] rounded-full bg-accent motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
