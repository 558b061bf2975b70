import type { Sorting } from '../../files/query-keys';
import type { FilesSource, SourceAction } from '../../files/browser/source';
import { shareKeys, type PublicShare } from './share.api';

const VISITOR: ReadonlySet<SourceAction> = new Set(['zip']);
const EDITOR: ReadonlySet<SourceAction> = new Set(['zip', 'upload', 'create-folder', 'rename', 'move', 'remove']);

/**
 * A share link as the file browser's source: `/api/sharing/…/{token}` calls, `/share/{token}/files/{id}`
 * routes; visitors open, preview and download (files and zips), editors also add and change things.
 */
export function shareSource(
  token: string,
  share: PublicShare & { item: NonNullable<PublicShare['item']> },
  onLinkError: (error: unknown) => void,
): FilesSource {
  const t = encodeURIComponent(token);
  const allowed = share.permission === 'editor' && share.type === 'folder' ? EDITOR : VISITOR;
  const root = share.item.data;
  return {
    kind: 'share',
    root: {
      id: root.id,
      name: root.attributes.name,
      color: root.type === 'folder' ? root.attributes.color : null,
      emoji: root.type === 'folder' ? root.attributes.emoji : null,
    },
    can: (action) => allowed.has(action),
    folderPath: (id) => (id && id !== root.id ? `/share/${t}/files/${id}` : `/share/${t}/files`),
    endpoints: {
      listing: (folderId) => `/api/sharing/folders/${folderId ?? 'all'}/${t}`,
      navigation: `/api/sharing/navigation/${t}`,
      navigationLevel: (parentId) => `/api/sharing/navigation/${t}/${parentId ?? 'all'}`,
      navigationLocation: 'public',
      createFolder: `/api/sharing/create-folder/${t}`,
      rename: (id) => `/api/sharing/rename/${id}/${t}`,
      move: `/api/sharing/move/${t}`,
      remove: `/api/sharing/remove/${t}`,
      zip: `/api/sharing/zip/${t}`,
      upload: {
        chunks: `/api/sharing/upload/chunks/${t}`,
        bulk: `/api/sharing/upload/bulk/${t}`,
        discard: (uploadId) => `/api/sharing/upload/chunks/${encodeURIComponent(uploadId)}/${t}`,
      },
      remoteUpload: {
        start: `/api/sharing/upload/remote/${t}`,
        status: (batchId) => `/api/sharing/upload/remote/${encodeURIComponent(batchId)}/${t}`,
      },
    },
    keys: {
      browse: (folderId: string | null, sorting: Sorting) => [
        ...shareKeys.all(token),
        'browse',
        folderId ?? 'all',
        sorting.field,
        sorting.direction,
      ],
      navigation: [...shareKeys.all(token), 'navigation'],
    },
    ownerName: share.owner.name,
    onLinkError,
  };
}
