import { useMatch, useParams } from '../../app/routing';
import { useFilesSource } from './browser/source';

/**
 * The folder the user is looking at on the Files screen (null at the root, and on other screens),
 * where uploads and new folders go. On a team screen it is the team folder (or a folder in it) shown. On a link's page it is the route's `:id` (null: the link's folder).
 */
export function useCurrentFolderId(): string | null {
  const source = useFilesSource();
  const match = useMatch('/platform/files/:id');
  const { id } = useParams();
  if (source.team) return source.team.folderId;
  return source.kind === 'account' ? (match?.params.id ?? null) : (id ?? null);
}
