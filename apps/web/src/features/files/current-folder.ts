import { useMatch } from 'react-router';

/**
 * The folder the user is looking at on the Files screen (null at the root, and on other screens),
 * where uploads and new folders go.
 */
export function useCurrentFolderId(): string | null {
  const match = useMatch('/platform/files/:id');
  return match?.params.id ?? null;
}
