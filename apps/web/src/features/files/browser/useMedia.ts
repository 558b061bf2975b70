import { useSyncExternalStore } from 'react';

/** True while the media query matches (re-renders when it flips). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** A mouse or trackpad is the main pointer: items can be dragged (touch scrolls instead). */
export const useFinePointer = () => useMedia('(pointer: fine)');
export const usePhone = () => useMedia('(max-width: 767px)');
