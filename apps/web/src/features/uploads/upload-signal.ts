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

/**
 * The upload panel's height while it shows (0 when it does not): the file list leaves as much room
 * under its last row, so the panel never sits on the last rows' ⋯ buttons (issue 41 point 15).
 */
const panelHeight = signal(0);

export function setUploadPanelHeight(height: number): void {
  panelHeight.set(height);
}

export function useUploadPanelHeight(): number {
  return panelHeight.useValue();
}

/**
 * Files a previous visit left unfinished (a reload, a crashed or closed tab): the panel offers to
 * resume or discard them (ADR 0076). 0 when there is nothing to offer.
 */
const unfinished = signal(0);

export function offerResume(count: number): void {
  unfinished.set(count);
}

export function useUnfinishedUploads(): number {
  return unfinished.useValue();
}
