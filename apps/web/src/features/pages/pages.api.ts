import { type PageResource } from '@filestore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function usePage(slug: string) {
  return useQuery({
    queryKey: ['page', slug],
    queryFn: async () => (await api.get<PageResource>(`/api/page/${encodeURIComponent(slug)}`)).data.attributes,
    staleTime: 5 * 60_000,
  });
}

/** Paragraphs of the plain-text content: blank lines separate them, single line breaks stay. */
export function paragraphsOf(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
