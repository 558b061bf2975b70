import type { SortDirection, SortField } from '@filestore/contract';

export interface Sorting {
  field: SortField;
  direction: SortDirection;
}

/**
 * Every file query lives under ['files'], so one invalidation after any change (upload, move,
 * trash, restore, rename...) refreshes listings, the folder tree, recents, trash and search.
 * The user record (used storage, favourites) lives under ['user'] and is refreshed alongside.
 */
export const filesKeys = {
  all: ['files'] as const,
  browse: (folderId: string | null, sorting: Sorting) =>
    ['files', 'browse', folderId ?? 'all', sorting.field, sorting.direction] as const,
  latest: ['files', 'latest'] as const,
  trash: (folderId: string | null) => ['files', 'trash', folderId ?? 'all'] as const,
  navigation: ['files', 'navigation'] as const,
  search: (query: string) => ['files', 'search', query] as const,
  storage: ['files', 'storage'] as const,
};
