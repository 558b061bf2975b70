/** File preview overlay (owned by the transfer feature); the file browser only opens it. */
export { openPreview, PreviewOverlay } from './PreviewOverlay';
export { previewKind, type PreviewKind } from './kinds';
