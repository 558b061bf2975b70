import { useLayoutEffect } from 'react';
import { useLocation } from './router';

/**
 * Like react-router's: a new screen starts at the top (or at its #hash), and back/forward return
 * to where the page was scrolled on that entry.
 */
const positions = new Map<string, number>();
let shownKey = 'default';
let lastChange = 'pushState';
let mounted = false;

if (typeof window !== 'undefined') {
  // These fire when the URL changes, before the next screen renders: the old position is still there.
  for (const type of ['pushState', 'replaceState', 'popstate']) {
    addEventListener(type, () => {
      positions.set(shownKey, window.scrollY);
      lastChange = type;
    });
  }
}

function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const { key, hash } = location;

  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const first = !mounted;
    mounted = true;
    shownKey = key;
    if (first) return;
    const saved = lastChange === 'popstate' ? positions.get(key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = hash ? document.getElementById(hashTarget(hash)) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, key, hash]);

  return null;
}
