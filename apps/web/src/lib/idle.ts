/** Runs `task` when the browser is next idle, and at the latest after `timeout` ms (Safari has no idle callback). */
export function whenIdle(task: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, timeout / 3);
}
