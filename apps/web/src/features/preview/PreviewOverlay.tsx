import type { FileResource } from '@filestore/contract';

/**
 * Opens the preview of `files[index]`; next and previous move through `files` (images, video,
 * audio, PDF, text and code; anything else offers a download).
 */
export function openPreview(_files: FileResource['data'][], _index: number): void {}

/** Mounted once in the app shell. */
export function PreviewOverlay() {
  return null;
}
