import { useSyncExternalStore } from 'react';

/**
 * Whether this tab ever started an upload. The engine and its panel are a lazy chunk; the shell
 * only needs this flag to know when to fetch the panel.
 */
let started = false;
const listeners = new Set<() => void>();

export function markUploadsStarted(): void {
  if (started) return;
  started = true;
  for (const listener of listeners) listener();
}

export function useUploadsStarted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => started,
  );
}
