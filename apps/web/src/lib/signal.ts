import { useSyncExternalStore } from 'react';

/**
 * A module-level value that components read and re-render on when it changes: set from outside
 * React (a chunk that arrived, a flag raised once), read with `useValue` in a component.
 */
export function signal<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set(next: T): void {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    useValue: (): T => useSyncExternalStore(subscribe, get),
  };
}
