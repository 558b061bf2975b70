import { apiCallsInFlight } from './api';

/** Runs `task` when the browser is next idle, and at the latest after `timeout` ms (Safari has no idle callback). */
export function whenIdle(task: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, timeout / 3);
}

/** How long nothing may have arrived before the network counts as quiet. */
const QUIET_MS = 1000;
const POLL_MS = 250;
/** Past this, the optional chunks load anyway (a screen that keeps polling never goes quiet). */
const GIVE_UP_MS = 20_000;
let settled: Promise<void> | null = null;

function lastArrival(): number {
  let last = 0;
  for (const entry of performance.getEntriesByType('resource'))
    last = Math.max(last, (entry as PerformanceResourceTiming).responseEnd);
  return last;
}

/** The page has loaded, no API call is pending, every image is in, and nothing arrived for a second. */
function firstScreenSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const started = performance.now();
    const check = () => {
      const now = performance.now();
      const quiet =
        document.readyState === 'complete' &&
        apiCallsInFlight() === 0 &&
        [...document.images].every((image) => image.complete) &&
        now - lastArrival() >= QUIET_MS;
      if (quiet || now - started > GIVE_UP_MS) resolve();
      else setTimeout(check, POLL_MS);
    };
    check();
  });
  return settled;
}

/**
 * Runs `task` in an idle moment once the first screen has settled (its chunks, data and images
 * in): for chunks no screen needs to render (menus, dialogs, toasts), fetched ahead so the first
 * press finds them, without competing with what the screen is waiting for. What a press asks for
 * before then loads at once instead.
 */
export function afterFirstScreen(task: () => void): void {
  void firstScreenSettled().then(() => whenIdle(task, 5000));
}
