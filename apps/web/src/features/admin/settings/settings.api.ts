import type {
  AdminSettingsResponse,
  EnvironmentResponse,
  ErrorResponse,
  MailEnvironmentRequest,
  StorageEnvironmentRequest,
} from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, request, xsrfToken } from '../../../lib/api';
import { configQueryKey } from '../../../lib/config';

export type AdminSettings = AdminSettingsResponse['data'];

/** A text or number setting as a form field's text; anything else (null, absent) as empty. */
export const settingText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
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
    mutationFn: (body: { name: string; value: SettingValue }) =>
      request<AdminSettingsResponse>('PATCH', '/api/admin/settings', { body }),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer.data),
  });
}

/** A setting's value as the admin API takes it. */
export type SettingValue = string | number | boolean | string[] | null;

/**
 * Writes each setting of `changes` whose value differs from `saved`, one call each, then refreshes
 * the public configuration so the app shows the change at once.
 */
export function useWriteSettings() {
  const client = useQueryClient();
  const save = useSaveAdminSetting();
  return async (saved: AdminSettings, changes: Record<string, SettingValue>) => {
    for (const [name, value] of Object.entries(changes)) {
      if (JSON.stringify(saved[name] ?? null) === JSON.stringify(value)) continue;
      await save.mutateAsync({ name, value });
    }
    await client.invalidateQueries({ queryKey: configQueryKey });
  };
}

/** The appearance images (ADR 0043), each a setting holding the file name of the drawn image. */
export const IMAGE_SETTINGS = [
  'app_logo',
  'app_logo_dark',
  'app_logo_horizontal',
  'app_logo_horizontal_dark',
  'app_favicon',
  'app_touch_icon',
  'app_og_image',
] as const;
export type ImageSetting = (typeof IMAGE_SETTINGS)[number];

/** The server's limit, checked here first so a large file is refused before it is sent. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The settings and the public configuration (logos, name, colour) both change with an image. */
function useRefreshAppearance() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: settingsKey }),
      client.invalidateQueries({ queryKey: configQueryKey }),
    ]);
}

/** `POST /api/admin/settings/images/{key}` with the file as `image`, or `DELETE` with none. */
export function useAppearanceImage(key: ImageSetting) {
  const refresh = useRefreshAppearance();
  return useMutation({
    mutationFn: async (file: File | null) => {
      if (!file) return request('DELETE', `/api/admin/settings/images/${key}`);
      const form = new FormData();
      form.append('image', file, file.name);
      const response = await fetch(`/api/admin/settings/images/${key}`, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'X-XSRF-TOKEN': await xsrfToken() },
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as ErrorResponse | null;
        throw new ApiError(
          response.status,
          body?.code ?? (response.status === 413 ? 'appearance.too_large' : 'internal'),
          body?.message ?? 'Upload failed',
          body?.errors ?? {},
          body?.details ?? {},
        );
      }
      return (await response.json()) as unknown;
    },
    onSuccess: refresh,
  });
}

const environmentKey = ['admin', 'environment'] as const;
export type Environment = EnvironmentResponse['data'];

/** Storage and mail as the server uses them now; secrets only as whether they are set. */
export function useEnvironment() {
  return useQuery({
    queryKey: environmentKey,
    queryFn: async () => (await api.get<EnvironmentResponse>('/api/admin/environment')).data,
  });
}

/** Tested by the server for real before it is saved; the answer is the environment as now used. */
export function useSaveEnvironment(part: 'storage' | 'mail') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StorageEnvironmentRequest | MailEnvironmentRequest) =>
      request<EnvironmentResponse>('PUT', `/api/admin/environment/${part}`, { body }),
    onSuccess: (answer) => client.setQueryData(environmentKey, answer.data),
  });
}
