import type { AdminPagesResponse, PagePreviewResponse, PageResource } from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { configQueryKey } from '../../../lib/config';

const pagesKey = ['admin', 'pages'] as const;

export function useAdminPages() {
  return useQuery({
    queryKey: pagesKey,
    queryFn: async () => (await api.get<AdminPagesResponse>('/api/admin/pages')).data,
  });
}

export function useAdminPage(slug: string) {
  return useQuery({
    queryKey: [...pagesKey, slug],
    queryFn: async () => (await api.get<PageResource>(`/api/admin/pages/${encodeURIComponent(slug)}`)).data.attributes,
  });
}

/** Saves the editor's fields; the footer's titles (config) and the public page follow. */
export function useSavePage(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; content: string; visibility: boolean }) =>
      request<PageResource>('PATCH', `/api/admin/pages/${encodeURIComponent(slug)}`, { body }),
    onSuccess: async (answer) => {
      client.setQueryData([...pagesKey, slug], answer.data.attributes);
      await Promise.all([
        client.invalidateQueries({ queryKey: pagesKey }),
        client.invalidateQueries({ queryKey: ['page', slug] }),
        client.invalidateQueries({ queryKey: configQueryKey }),
      ]);
    },
  });
}

/** The preview is rendered and sanitised by the server, by the same code as the public page. */
export async function previewMarkdown(content: string, signal: AbortSignal): Promise<string> {
  const answer = await request<PagePreviewResponse>('POST', '/api/admin/pages/preview', { body: { content }, signal });
  return answer.data.content_html;
}
