import {
  type BrowseResponse,
  type FolderResource,
  type ItemResource,
  type ItemsResponse,
  type MessageResponse,
  type RemoveResponse,
  type CreateFolderRequest,
  type ItemRef,
  type NavigationFolder,
  type NavigationLevelFolder,
  type NavigationLevelResponse,
} from '@filestore/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { usePreferences } from '../../lib/preferences';
import { useSession } from '../../lib/session';
import { useUser } from '../user/user.api';
import type { Item } from './items';
import { useFilesSource, type FilesSource } from './browser/source';
import { rememberFolderNames } from './browser/store';
import { filesKeys, type Sorting } from './query-keys';
import { refreshFiles } from './refresh';

const PER_PAGE = 100;
/** New images get their thumbnails a moment after the upload: look again a few times. */
const THUMBNAIL_POLL_MS = 2500;
const THUMBNAIL_POLLS = 6;
const THUMBNAIL_WAIT_MS = 5 * 60_000;

export type Listing = InfiniteData<BrowseResponse, PageParam>;
interface PageParam {
  cursor: string | null;
  page: number;
}

const FIRST_PAGE: PageParam = { cursor: null, page: 1 };

export type ListingKind = 'folder' | 'latest' | 'trash';

function listingPath(source: FilesSource, kind: ListingKind, folderId: string | null): string {
  if (kind === 'folder') return source.endpoints.listing(folderId);
  if (kind === 'latest') return '/api/browse/latest';
  return `/api/browse/trash/${folderId ?? 'all'}`;
}

function listingKey(source: FilesSource, kind: ListingKind, folderId: string | null, sorting: Sorting) {
  if (kind === 'folder') return source.keys.browse(folderId, sorting);
  if (kind === 'latest') return filesKeys.latest;
  return [...filesKeys.trash(folderId), sorting.field, sorting.direction] as const;
}

const polls = new Map<string, number>();

function awaitingThumbnails(data: { pages: BrowseResponse[] } | undefined): boolean {
  const now = Date.now();
  return (
    data?.pages.some((page) =>
      page.data.some(
        ({ data: item }) =>
          item.type === 'file' &&
          item.attributes.category === 'image' &&
          !item.attributes.thumbnail &&
          now - Date.parse(item.attributes.created_at) < THUMBNAIL_WAIT_MS,
      ),
    ) ?? false
  );
}

/**
 * A listing read page by page (spec §4 folder loading): the first page shows a loading state,
 * later pages add items as the user scrolls. Only a 401 signs the user out (the API client does it):
 * a 403 means this folder is not theirs to see, which roles make normal, and the browser says so.
 * Through a link an error tells the link's page, which knows whether the link expired or wants its
 * password again.
 */
export function useListing(kind: ListingKind, folderId: string | null) {
  const source = useFilesSource();
  const sorting = usePreferences((s) => s.sorting);
  const queryKey = listingKey(source, kind, folderId, sorting);
  return useInfiniteQuery({
    queryKey,
    initialPageParam: FIRST_PAGE,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ per_page: String(PER_PAGE) });
      if (kind !== 'latest') {
        params.set('sort', sorting.field);
        params.set('direction', sorting.direction);
      }
      if (pageParam.cursor) params.set('cursor', pageParam.cursor);
      else if (pageParam.page > 1) params.set('page', String(pageParam.page));
      try {
        return await api.get<BrowseResponse>(`${listingPath(source, kind, folderId)}?${params}`, { signal });
      } catch (error) {
        source.onLinkError?.(error);
        throw error;
      }
    },
    getNextPageParam: (last): PageParam | undefined => {
      const { nextCursor, currentPage, lastPage } = last.meta.paginate;
      if (nextCursor) return { cursor: nextCursor, page: currentPage + 1 };
      return currentPage < lastPage ? { cursor: null, page: currentPage + 1 } : undefined;
    },
    refetchInterval: (query) => {
      const hash = query.queryHash;
      if (!awaitingThumbnails(query.state.data)) {
        polls.delete(hash);
        return false;
      }
      const count = (polls.get(hash) ?? 0) + 1;
      polls.set(hash, count);
      return count <= THUMBNAIL_POLLS ? THUMBNAIL_POLL_MS : false;
    },
  });
}

/** Every loaded item of a listing, in order. */
export function useListingItems(data: { pages: BrowseResponse[] } | undefined): Item[] {
  return useMemo(() => data?.pages.flatMap((page) => page.data.map((r) => r.data)) ?? [], [data]);
}

/**
 * One level of the folder tree (ADR 0072): the folders directly in `parentId` (null: the source's
 * top), each with whether it holds folders. Under the source's navigation key, so whatever
 * refreshes the tree (a change, `items.changed`) refreshes the levels that are open.
 */
export function useNavigationLevel(parentId: string | null) {
  const source = useFilesSource();
  const authenticated = useSession((s) => s.authenticated);
  return useQuery({
    queryKey: [...source.keys.navigation, 'level', parentId ?? 'all'],
    queryFn: async () => {
      const level = (await api.get<NavigationLevelResponse>(source.endpoints.navigationLevel(parentId))).data;
      rememberFolderNames(level);
      return level;
    },
    enabled: authenticated || source.kind !== 'account',
    staleTime: 30_000,
  });
}

export type TreeLevelFolder = NavigationLevelFolder;

/**
 * The levels of a folder picker's tree (the move popup, the upload request's folder), one call per
 * opened folder as the navigator loads them (ADR 0072), under the same keys so each level is
 * fetched once for both. `top` is the picker's top (null: the source's); `wanted(levels)` names the
 * folders whose level is to be shown, given those loaded so far.
 */
export function usePickerLevels(
  top: string | null,
  wanted: (level: (id: string | null) => readonly TreeLevelFolder[] | undefined) => (string | null)[],
) {
  const source = useFilesSource();
  const client = useQueryClient();
  const authenticated = useSession((s) => s.authenticated);
  const keyOf = (id: string | null) => [...source.keys.navigation, 'level', id ?? 'all'];
  // What the cache holds now decides which levels are asked for; each answer renders this again.
  const ids = wanted((id) => client.getQueryData<TreeLevelFolder[]>(keyOf(id)));
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: keyOf(id),
      queryFn: async () => (await api.get<NavigationLevelResponse>(source.endpoints.navigationLevel(id))).data,
      enabled: authenticated || source.kind !== 'account',
      staleTime: 30_000,
    })),
  });
  const levels = new Map<string | null, readonly TreeLevelFolder[]>();
  results.forEach((result, i) => {
    if (result.data) levels.set(ids[i]!, result.data);
  });
  // A level below the top that failed (and is not being asked again): its folder shows closed.
  const failedLevels = new Set<string | null>();
  results.forEach((result, i) => {
    if (i > 0 && result.isError && !result.data && !result.isFetching) failedLevels.add(ids[i]!);
  });
  const first = results[0];
  return {
    levels,
    failedLevels,
    /** Asks again for the level of a folder whose level failed. */
    retryLevel: (id: string) => void results[ids.indexOf(id)]?.refetch(),
    pending: !first?.data && !first?.isError,
    failed: !first?.data && !!first?.isError,
    retry: () => void first?.refetch(),
  };
}

export type TreeFolder = NavigationFolder;

export interface Favourite {
  id: string;
  name: string;
  emoji: string | null;
  color: string | null;
}

/** The user's starred folders; they come with the user record (spec §3 relationships.favourites). */
export function useFavourites(): Favourite[] {
  const { data: user } = useUser();
  const raw = user?.relationships.favourites.data;
  return useMemo(
    () =>
      (raw ?? []).map(({ data: { id, attributes } }) => ({
        id,
        name: attributes.name,
        emoji: attributes.emoji,
        color: attributes.color,
      })),
    [raw],
  );
}

/** Move and restore answer with the items as they are now (names may have gained " (1)"). */
const itemsOf = (response: ItemsResponse): Item[] => response.data.map((r) => r.data);

/** Takes items out of every cached listing at once, so the screen answers before the refetch. */
function dropFromListings(client: QueryClient, ids: ReadonlySet<string>) {
  client.setQueriesData<Listing>({ queryKey: filesKeys.all }, (data) => {
    if (!data || !Array.isArray((data as Partial<Listing>).pages)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, data: page.data.filter((r) => !ids.has(r.data.id)) })),
    };
  });
}

function useFilesMutation<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  optimistic?: (client: QueryClient, vars: V) => void,
) {
  const client = useQueryClient();
  const { onLinkError } = useFilesSource();
  return useMutation({
    mutationFn,
    onMutate: optimistic ? (vars: V) => optimistic(client, vars) : undefined,
    onError: onLinkError,
    onSettled: () => refreshFiles(client),
  });
}

export function useCreateFolder() {
  const { endpoints } = useFilesSource();
  return useFilesMutation(
    async (body: CreateFolderRequest) => (await api.post<FolderResource>(endpoints.createFolder, body)).data,
  );
}

export interface RenameVars {
  item: Item;
  name: string;
  emoji?: string | null;
  color?: string | null;
}

export function useRenameItem() {
  const { endpoints } = useFilesSource();
  return useFilesMutation(async ({ item, name, emoji, color }: RenameVars) => {
    const body =
      item.type === 'folder'
        ? { name, emoji: emoji ?? null, color: color ?? null, type: item.type, _method: 'patch' }
        : { name, type: item.type, _method: 'patch' };
    return (await api.post<ItemResource>(endpoints.rename(item.id), body)).data;
  });
}

/**
 * A whole folder's contents but some (ADR 0018), sent instead of ids after "select all": the
 * server applies it to the folder in one request, whatever the count. `items` still lists what is
 * loaded, so the screen can drop it at once.
 */
export interface WholeFolder {
  allIn: string | null;
  except: string[];
}

const selectionBody = <T>(items: T[], whole: WholeFolder | undefined) =>
  whole ? { all_in: whole.allIn, except: whole.except } : { items };

export function useMoveItems() {
  const { endpoints } = useFilesSource();
  return useFilesMutation(
    async ({ items, to, whole }: { items: ItemRef[]; to: string | null; whole?: WholeFolder }) =>
      itemsOf(await api.post<ItemsResponse>(endpoints.move, { to_id: to, ...selectionBody(items, whole) })),
    (client, { items }) => dropFromListings(client, new Set(items.map((i) => i.id))),
  );
}

/** Moves to the trash, or deletes for good with `forever` (spec §4: force_delete). */
export function useRemoveItems() {
  const { endpoints } = useFilesSource();
  return useFilesMutation(
    ({ items, forever, whole }: { items: ItemRef[]; forever: boolean; whole?: WholeFolder }) =>
      api.post<RemoveResponse>(
        endpoints.remove,
        whole
          ? { ...selectionBody(items, whole), force_delete: forever }
          : { items: items.map((i) => ({ ...i, force_delete: forever })) },
        {},
      ),
    (client, { items }) => dropFromListings(client, new Set(items.map((i) => i.id))),
  );
}

export function useRestoreItems() {
  return useFilesMutation(
    async ({ items }: { items: ItemRef[] }) =>
      itemsOf(await api.post<ItemsResponse>('/api/trash/restore', { to_home: false, items })),
    (client, { items }) => dropFromListings(client, new Set(items.map((i) => i.id))),
  );
}

export function useEmptyTrash() {
  return useFilesMutation(() => api.post<MessageResponse>('/api/trash/dump', { _method: 'delete' }));
}

/** Spec §4 favourite toggle: add when not a favourite, else remove. */
export function useToggleFavourite() {
  return useFilesMutation(({ id, favourite }: { id: string; favourite: boolean }) =>
    favourite
      ? api.post<MessageResponse>('/api/favourites', { ids: [id] })
      : api.post<MessageResponse>(`/api/favourites/${id}`, { _method: 'delete' }),
  );
}
