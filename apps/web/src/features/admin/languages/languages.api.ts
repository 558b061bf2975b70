import type {
  CreateLanguageRequest,
  LanguageDetailResponse,
  LanguageResponse,
  LanguagesResponse,
  LanguageStringResponse,
  UpdateLanguageRequest,
} from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';

export const languageKeys = {
  all: ['admin', 'languages'] as const,
  one: (id: string) => ['admin', 'languages', id] as const,
};

export function useLanguages() {
  return useQuery({
    queryKey: languageKeys.all,
    queryFn: () => api.get<LanguagesResponse>('/api/admin/languages'),
  });
}

/** One language with every string (English, served text, where it comes from). */
export function useLanguage(id: string | null) {
  return useQuery({
    queryKey: languageKeys.one(id ?? ''),
    queryFn: () => api.get<LanguageDetailResponse>(`/api/admin/languages/${id}`),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

export function useCreateLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLanguageRequest) => request<LanguageResponse>('POST', '/api/admin/languages', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: languageKeys.all, exact: true }),
  });
}

export function useUpdateLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateLanguageRequest & { id: string }) =>
      request<LanguageResponse>('PATCH', `/api/admin/languages/${id}`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: languageKeys.all, exact: true }),
  });
}

export function useDeleteLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<void>('DELETE', `/api/admin/languages/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: languageKeys.all, exact: true }),
  });
}

/** Saves one string; null or "" drops the edit. */
export function saveString(id: string, name: string, value: string | null) {
  return request<LanguageStringResponse>('PATCH', `/api/admin/languages/${id}/strings`, { body: { name, value } });
}
