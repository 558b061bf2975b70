import type { ItemType } from '@filestore/contract';

export interface DownloadableItem {
  id: string;
  type: ItemType;
  /** `file_url` is there for files (contract file resource); a single file downloads from it. */
  attributes: { name: string; file_url?: string };
}

/**
 * Downloads (owned by the transfer feature): one file streams from its file_url; several items, or
 * any folder, come as one zip from /api/zip. Both respect the canDownload restriction (spec §5).
 */
export { useDownloadItems } from './useDownloadItems';
export { downloadUrl, zipUrl } from './download-urls';
