import { type PublicShareResponse } from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { filesKeys } from '../../files/query-keys';

export type PublicShare = PublicShareResponse['data'];

/** Under the files keys, so every change made through the link refreshes what the link shows. */
export const shareKeys = {
  all: (token: string) => [...filesKeys.all, 'share', token] as const,
  detail: (token: string) => [...filesKeys.all, 'share', token, 'detail'] as const,
};

const sharePath = (token: string) => encodeURIComponent(token);

/** GET /api/sharing/{token}: who shares what, and whether a password must be given first. */
export function useShare(token: string) {
  return useQuery({
    queryKey: shareKeys.detail(token),
    queryFn: async () => (await api.get<PublicShareResponse>(`/api/sharing/${sharePath(token)}`)).data,
    staleTime: 60_000,
    // A 404 or 410 is an answer, not a hiccup.
    retry: false,
  });
}

/** POST /api/sharing/authenticate/{token}: a right password unlocks this link for a while. */
export function useAuthenticateShare(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      // A wrong password is 401: it says nothing about a signed-in session.
      api.post(`/api/sharing/authenticate/${sharePath(token)}`, { password }, { ignoreUnauthorised: true }),
    // The link's details now include the item; listings seen while locked are stale.
    onSuccess: () => client.refetchQueries({ queryKey: shareKeys.all(token) }),
  });
}
