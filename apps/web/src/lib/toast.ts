import type { ExternalToast } from 'sonner';
import { afterFirstScreen } from './idle';
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

/** Ask for sonner once the first screen has settled, so the first toast need not wait for the download. */
export function loadToasterWhenIdle(): void {
  afterFirstScreen(want);
}

type Show = (message: string, options?: ExternalToast) => void;
const show =
  (kind: 'success' | 'error' | 'info'): Show =>
  (message, options) => {
    want();
    void loadSonner().then(({ toast }) => toast[kind](message, options));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
