/**
 * Uploads: the chunked upload engine, its queue and panel, and the pickers (owned by the
 * transfer feature). The file browser only calls these.
 */
export interface UploadActions {
  /** Opens the file picker; the chosen files go into the current folder. */
  pickFiles(): void;
  /** Opens the folder picker; the folder tree is kept. */
  pickFolder(): void;
  /** Uploads what was dropped from the desktop (files and whole folders) into `parentId`. */
  uploadDropped(dataTransfer: DataTransfer, parentId: string | null): void;
}

export { useUploadActions } from './useUploadActions';
export { UploadPanel } from './UploadPanel';
export { useUploadPanelHeight } from './upload-signal';
