import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../user/user.api';
import { filesKeys } from './query-keys';

/** After anything changed files: listings, tree, recents, trash, search, storage and the user record. */
export async function refreshFiles(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: filesKeys.all }),
    client.invalidateQueries({ queryKey: userQueryKey }),
  ]);
}
