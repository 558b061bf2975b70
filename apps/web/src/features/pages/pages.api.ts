import type { HomepageResponse, PageResource } from '@filestore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function usePage(slug: string) {
  return useQuery({
    queryKey: ['page', slug],
    queryFn: async () => (await api.get<PageResource>(`/api/page/${encodeURIComponent(slug)}`)).data.attributes,
    staleTime: 5 * 60_000,
  });
}

export function useHomepage() {
  return useQuery({
    queryKey: ['homepage'],
    queryFn: async () => (await api.get<HomepageResponse>('/api/homepage')).data,
    staleTime: 5 * 60_000,
  });
}
