import type { Query, QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useRealtime } from '../../lib/realtime';
import { userQueryKey } from '../user/user.api';

/** Events arriving together (an upload of many files) refresh the screen once. */
const COALESCE_MS = 250;

/**
 * Whether a files query shows what changed: a folder's listing when it is one of `folders` ('all'
 * for the top level), and the views any change may touch (trash, recent files, search, the tree).
 */
export function touched(query: Query, folders: ReadonlySet<string>): boolean {
  const [root, view, folder] = query.queryKey;
  if (root !== 'files') return false;
  // A listing also shows its folders' item counts: it changes when one of them does.
  if (view === 'browse') return folders.has(String(folder)) || showsAny(query, folders);
  // The team screens: a team folder's content as a folder's; their tops gather team folders from
  // anywhere in their owners' trees, so any change may rename, count or remove one of them.
  if (view === 'team-folders' || view === 'shared-with-me') {
    return folder === 'all' || folders.has(String(folder)) || showsAny(query, folders);
  }
  return view === 'trash' || view === 'latest' || view === 'search' || view === 'navigation';
}

/** Whether a listing's loaded pages show one of these folders as an item. */
function showsAny(query: Query, folders: ReadonlySet<string>): boolean {
  const data = query.state.data as { pages?: { data?: { data?: { id?: string } }[] }[] } | undefined;
  return data?.pages?.some((page) => page.data?.some((item) => folders.has(item.data?.id ?? ''))) ?? false;
}

function refresher(client: QueryClient) {
  let pending: Set<string> | null = null;
  return (folders: readonly (string | null)[]) => {
    if (!pending) {
      const batch = (pending = new Set());
      setTimeout(() => {
        pending = null;
        // Only what a screen shows refetches now (in place: selection and scroll stay); the rest
        // is marked stale for its next visit.
        void client.invalidateQueries({ predicate: (query) => touched(query, batch) });
        void client.invalidateQueries({ queryKey: userQueryKey });
      }, COALESCE_MS);
    }
    for (const folder of folders) pending.add(folder ?? 'all');
  };
}

/**
 * Spec/issue 13: an open Files screen (and trash, recent, search) follows changes made elsewhere,
 * by this user in another tab, a share editor or an upload-request guest, without reloading.
 */
export function useLiveListings(): void {
  const client = useQueryClient();
  const refresh = useRef(refresher(client));
  useRealtime('items.changed', (payload) => refresh.current(payload.folders));
}
