import type { DownloadableItem } from './index';

/** Matches the contract's zipQuery bound on `items`. */
const ZIP_ITEMS_MAX_CHARS = 40_000;

/**
 * `/api/zip?items=id|type,id|type` (or a share link's zip call), URL-encoded; null when the list
 * is too long for one zip.
 */
export function zipUrl(items: readonly Pick<DownloadableItem, 'id' | 'type'>[], endpoint = '/api/zip'): string | null {
  const list = items.map((item) => `${item.id}|${item.type}`).join(',');
  if (list.length > ZIP_ITEMS_MAX_CHARS) return null;
  return `${endpoint}?items=${encodeURIComponent(list)}`;
}

/** Where one item downloads from: its file_url, or a zip for a folder. */
export function downloadUrl(item: DownloadableItem, zipEndpoint?: string): string | null {
  if (item.type === 'file' && item.attributes.file_url) return item.attributes.file_url;
  return zipUrl([item], zipEndpoint);
}

/** A same-origin GET through a temporary anchor: the server's Content-Disposition names the file. */
export function startDownload(url: string, name?: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name ?? '';
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
