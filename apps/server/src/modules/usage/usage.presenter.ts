import type { StorageResponse } from '@filestore/contract';
import { formatBytes } from '../../lib/format.js';
import type { CategoryUsage } from './usage.repository.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Spec §3 storage usage: each share is a percentage of the capacity, or of the space used when
 * storage is unlimited (there is no capacity to compare with, and the bar still shows the mix).
 */
export function presentStorage(
  userId: string,
  used: number,
  capacity: number | null,
  categories: readonly CategoryUsage[],
): StorageResponse {
  const base = capacity ?? used;
  const usage = (bytes: number) => ({
    used: bytes,
    used_formatted: formatBytes(bytes),
    percentage: base > 0 ? round2((bytes / base) * 100) : 0,
  });
  const sum = (pick: (c: CategoryUsage) => number, category?: CategoryUsage['category']) =>
    categories.filter((c) => !category || c.category === category).reduce((total, c) => total + pick(c), 0);
  const bytesOf = (category: CategoryUsage['category']) => sum((c) => c.bytes, category);
  return {
    data: {
      id: userId,
      type: 'storage',
      attributes: {
        used,
        used_formatted: formatBytes(used),
        capacity,
        capacity_formatted: capacity === null ? null : formatBytes(capacity),
        percentage: capacity === null ? null : capacity > 0 ? round2((used / capacity) * 100) : 100,
      },
      meta: {
        images: usage(bytesOf('image')),
        videos: usage(bytesOf('video')),
        audios: usage(bytesOf('audio')),
        documents: usage(bytesOf('document')),
        others: usage(bytesOf('other')),
        trash: usage(sum((c) => c.trashedBytes)),
      },
    },
  };
}
