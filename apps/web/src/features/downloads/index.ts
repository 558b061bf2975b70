import type { ItemType } from '@filestore/contract';

export interface DownloadableItem {
  id: string;
  type: ItemType;
  attributes: { name: string };
}

/**
 * Downloads (owned by the transfer feature): one file streams from its file_url; several items, or
 * any folder, come as one zip from /api/zip. Both respect the canDownload restriction (spec §5).
 */
export { useDownloadItems } from './useDownloadItems';
