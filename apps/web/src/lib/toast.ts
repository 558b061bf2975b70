import type { ExternalToast } from 'sonner';
import { whenIdle } from './idle';
import { signal } from './signal';

/**
 * Toasts through sonner, loaded when the first one is shown or the browser is idle after the first
 * screen, whichever comes first: no screen needs it to render. The Toaster (app/App.tsx) mounts
 * once sonner is wanted and replays the toasts shown before it subscribed.
 */
export const loadSonner = () => import('sonner');

const wanted = signal(false);
const want = () => wanted.set(true);

/** Whether the Toaster should be in the page (see ToasterWhenWanted in app/App.tsx). */
export function useToasterWanted(): boolean {
  return wanted.useValue();
}

/**
 * Ask for sonner in an idle moment, so the first toast need not wait for the download. Not in the
 * first two seconds: the browser is often idle then only while it waits for the screen's own
 * chunks, and sonner would compete with them.
 */
export function loadToasterWhenIdle(): void {
  window.setTimeout(() => whenIdle(want, 5000), 2000);
}

type Show = (message: string, options?: ExternalToast) => void;
const show =
  (kind: 'success' | 'error' | 'info'): Show =>
  (message, options) => {
    want();
    void loadSonner().then(({ toast }) => toast[kind](message, options));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
