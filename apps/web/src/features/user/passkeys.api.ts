import type { PasskeyAnswer, PasskeyList, PasskeyOptionsResponse, MessageResponse } from '@filestore/contract';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../lib/api';

/** The password page's passkeys (ADR 0034): list, add (password, then the browser's dialog), rename, remove. */

export const passkeysQueryKey = ['user', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: async () => (await api.get<PasskeyList>('/api/user/passkeys')).data,
  });
}

/** The options for the password, then the browser makes the passkey, then the server keeps it. */
export async function addPasskey(password: string) {
  const { options } = await api.post<PasskeyOptionsResponse>('/api/user/passkeys/options', { password });
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.post<PasskeyAnswer>('/api/user/passkeys', { credential });
}

export const renamePasskey = (id: string, name: string) =>
  request<PasskeyAnswer>('PATCH', `/api/user/passkeys/${encodeURIComponent(id)}`, { body: { name } });

export const removePasskey = (id: string) =>
  api.delete<MessageResponse>(`/api/user/passkeys/${encodeURIComponent(id)}`);
