import type {
  AccessTokenList,
  AccessTokenResource,
  CreateAccessTokenRequest,
  CreatedAccessToken,
  MessageResponse,
} from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../lib/api';

export type AccessToken = AccessTokenResource;
const tokensKey = ['user', 'tokens'] as const;

/** The signed-in user's personal access tokens (ADR 0032): never their secrets. */
export function useAccessTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: async () => (await api.get<AccessTokenList>('/api/user/tokens')).data,
  });
}

/** Creates a token; the answer's `plainTextToken` is the only time the secret is seen. */
export function useCreateAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessTokenRequest) => api.post<CreatedAccessToken>('/api/user/tokens', body),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<MessageResponse>('DELETE', `/api/user/tokens/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}
