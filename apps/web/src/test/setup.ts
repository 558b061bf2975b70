import { en } from '@filestore/contract';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setCatalogue } from '../lib/i18n';

/*
 * jsdom lays nothing out: elements measure 0×0 and there is no ResizeObserver. The listing is a
 * virtual list that renders the rows fitting its scroll box, so every element measures as a
 * 1000×800 box here (enough for a dozen 64 px rows), and observers never fire.
 */
class StillResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= StillResizeObserver as unknown as typeof ResizeObserver;
const box = { x: 0, y: 0, top: 0, left: 0, right: 1000, bottom: 800, width: 1000, height: 800 };
HTMLElement.prototype.getBoundingClientRect = function () {
  return { ...box, toJSON: () => box };
};
for (const [name, value] of Object.entries({
  clientWidth: 1000,
  clientHeight: 800,
  offsetWidth: 1000,
  offsetHeight: 64,
})) {
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
}
HTMLElement.prototype.scrollTo = function () {};
Element.prototype.scrollIntoView = function () {};
// eslint-disable-next-line @typescript-eslint/unbound-method -- only checks whether jsdom has one
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Screens under test read the English catalogue the server embeds in the page.
beforeEach(() => setCatalogue('en', en));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
