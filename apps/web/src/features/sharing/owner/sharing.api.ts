import type { z } from 'zod';
import {
  type BrowseResponse,
  type MessageResponse,
  type shareQrResponse,
  type ShareResource,
  type CreateShareRequest,
  type UpdateShareRequest,
} from '@filestore/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { refreshFiles } from '../../files/refresh';

/** A share link as its owner sees it: the inner `data` of the contract's share resource. */
export type Share = ShareResource['data'];

/**
 * Under ['files'] on purpose: `refreshFiles` after any change (a share made, an item trashed)
 * refreshes the shared items and the open share popups with the listings.
 */
export const shareKeys = {
  list: ['files', 'shares'] as const,
  detail: (token: string) => ['files', 'share', token] as const,
  qr: (token: string) => ['share-qr', token] as const,
};

const PER_PAGE = 100;

function useShareMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshFiles(client) });
}

/** POST /api/share: 201 with the new link. */
export function useCreateShare() {
  return useShareMutation(async (body: CreateShareRequest) => (await api.post<ShareResource>('/api/share', body)).data);
}

/** The link of an item, fresh from the server (the listing's copy may be older). */
export function useShare(token: string, initial?: Share) {
  return useQuery({
    queryKey: shareKeys.detail(token),
    queryFn: async ({ signal }) => (await api.get<ShareResource>(`/api/share/${token}`, { signal })).data,
    initialData: initial,
  });
}

export function useUpdateShare(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateShareRequest) =>
      (await request<ShareResource>('PATCH', `/api/share/${token}`, { body })).data,
    onSuccess: (share) => client.setQueryData(shareKeys.detail(token), share),
    onSettled: () => refreshFiles(client),
  });
}

/** POST /api/share/revoke: stops one link or a whole selection at once. */
export function useRevokeShares() {
  return useShareMutation((tokens: string[]) => api.post<MessageResponse>('/api/share/revoke', { tokens }));
}

export function useEmailShare(token: string) {
  return useMutation({
    mutationFn: (emails: string[]) => api.post<MessageResponse>(`/api/share/${token}/email`, { emails }),
  });
}

/** The QR code of the link, drawn by the server as an SVG document (never put into the page as markup). */
export function useShareQr(token: string | undefined) {
  return useQuery({
    queryKey: shareKeys.qr(token ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof shareQrResponse>>(`/api/share/${token}/qr`, { signal })).data.svg,
    enabled: !!token,
    staleTime: Infinity,
  });
}

/** GET /api/browse/share: what the user shares, newest link first, page by page. */
export function useSharedItems() {
  return useInfiniteQuery({
    queryKey: shareKeys.list,
    initialPageParam: { cursor: null as string | null, page: 1 },
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ per_page: String(PER_PAGE) });
      if (pageParam.cursor) params.set('cursor', pageParam.cursor);
      else if (pageParam.page > 1) params.set('page', String(pageParam.page));
      return api.get<BrowseResponse>(`/api/browse/share?${params}`, { signal });
    },
    getNextPageParam: (last) => {
      const { nextCursor, currentPage, lastPage } = last.meta.paginate;
      if (nextCursor) return { cursor: nextCursor, page: currentPage + 1 };
      return currentPage < lastPage ? { cursor: null, page: currentPage + 1 } : undefined;
    },
  });
}
