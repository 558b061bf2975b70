import { signal } from '../../lib/signal';

/**
 * Whether this tab ever started an upload. The engine and its panel are a lazy chunk; the shell
 * only needs this flag to know when to fetch the panel.
 */
const started = signal(false);

export function markUploadsStarted(): void {
  started.set(true);
}

export function useUploadsStarted(): boolean {
  return started.useValue();
}
