import type { Readable } from 'node:stream';

/**
 * Destroys `body` when `signal` aborts (at once if it already has), and forgets the signal once the
 * body is gone, so a long-lived signal does not collect one listener per blob it ever covered.
 */
export function destroyOnAbort(body: Readable, signal: AbortSignal): void {
  if (signal.aborted) {
    body.destroy();
    return;
  }
  const onAbort = () => body.destroy();
  signal.addEventListener('abort', onAbort, { once: true });
  body.once('close', () => signal.removeEventListener('abort', onAbort));
}
