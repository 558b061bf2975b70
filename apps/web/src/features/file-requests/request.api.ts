import { type FileRequestResource } from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../lib/api';
import { filesKeys } from '../files/query-keys';

export type FileRequest = FileRequestResource['data'];

/** Under the files keys, so every change made through the request refreshes what it shows. */
export const requestKeys = {
  all: (token: string) => [...filesKeys.all, 'request', token] as const,
  detail: (token: string) => [...filesKeys.all, 'request', token, 'detail'] as const,
};

export const requestApi = (token: string) => `/api/file-request/${encodeURIComponent(token)}`;

/** GET /api/file-request/{token}: who asks, their message, and whether the request is still open. */
export function useFileRequest(token: string) {
  return useQuery({
    queryKey: requestKeys.detail(token),
    queryFn: async () => (await api.get<FileRequestResource>(requestApi(token))).data,
    staleTime: 60_000,
    retry: false,
  });
}

/** DELETE /api/file-request/{token}: the guest is done; the owner is told by mail. */
export function useCloseRequest(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('DELETE', requestApi(token)),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.detail(token) }),
  });
}
