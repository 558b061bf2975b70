import type { AdminSettingsResponse } from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';

export type AdminSettings = AdminSettingsResponse['data'];
const settingsKey = ['admin', 'settings'] as const;

/**
 * Every editable setting as the admin API shows it. A secret (a client secret) reads as `true` when
 * set and `false` when not: its value never comes back.
 */
export function useAdminSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api.get<AdminSettingsResponse>('/api/admin/settings')).data,
  });
}

/** Writes one setting (a secret as its plain text, or null to clear it); the answer is every setting. */
export function useSaveAdminSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; value: string | number | boolean | string[] | null }) =>
      request<AdminSettingsResponse>('PATCH', '/api/admin/settings', { body }),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer.data),
  });
}
