import type { DownloadableItem } from './index';

export function useDownloadItems(): (items: DownloadableItem[]) => void {
  return () => undefined;
}
