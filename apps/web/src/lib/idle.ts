/** Runs `task` when the browser is next idle, and at the latest after `timeout` ms (Safari has no idle callback). */
export function whenIdle(task: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, timeout / 3);
}

/** How long after the page's load event the first screen is left to itself. */
const SETTLE_MS = 2000;
let settled: Promise<void> | null = null;

function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const wait = () => setTimeout(resolve, SETTLE_MS);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
  return settled;
}

/**
 * Runs `task` in an idle moment once the page has loaded and the first screen had two seconds to
 * itself: for chunks no screen needs to render (menus, dialogs, toasts), fetched ahead so the first
 * press finds them, without competing with the screen's own chunks, listing and thumbnails. What a
 * press asks for before then loads at once instead.
 */
export function afterFirstScreen(task: () => void): void {
  void pageSettled().then(() => whenIdle(task, 5000));
}
