import type { FilesSource, SourceAction } from '../files/browser/source';
import type { Sorting } from '../files/query-keys';
import { requestApi, requestKeys, type FileRequest } from './request.api';

const GUEST: ReadonlySet<SourceAction> = new Set(['upload', 'create-folder', 'rename', 'move', 'remove']);

export const requestPath = (token: string, folderId?: string | null) =>
  `/request/${encodeURIComponent(token)}/upload${folderId ? `/${folderId}` : ''}`;

/**
 * An upload request as the file browser's source: the guest adds, organises and removes files
 * inside the request's folder only (`/api/file-request/{token}/…`); no zips.
 */
export function requestSource(
  token: string,
  request: FileRequest,
  rootName: string,
  onLinkError: (error: unknown) => void,
): FilesSource {
  const base = requestApi(token);
  const rootId = request.attributes.folder_id;
  return {
    kind: 'request',
    root: { id: rootId, name: rootName },
    can: (action) => GUEST.has(action),
    folderPath: (id) => requestPath(token, id === rootId ? null : id),
    endpoints: {
      listing: (folderId) => `${base}/browse${folderId ? `/${folderId}` : ''}`,
      navigation: `${base}/navigation`,
      navigationLevel: (parentId) => `${base}/navigation/${parentId ?? 'all'}`,
      navigationLocation: 'upload-request',
      createFolder: `${base}/create-folder`,
      rename: (id) => `${base}/rename/${id}`,
      move: `${base}/move`,
      remove: `${base}/remove`,
      zip: null,
      upload: {
        chunks: `${base}/upload/chunks`,
        bulk: `${base}/upload/bulk`,
        discard: (uploadId) => `${base}/upload/chunks/${encodeURIComponent(uploadId)}`,
      },
      remoteUpload: {
        start: `${base}/upload/remote`,
        status: (batchId) => `${base}/upload/remote/${encodeURIComponent(batchId)}`,
      },
    },
    keys: {
      browse: (folderId: string | null, sorting: Sorting) => [
        ...requestKeys.all(token),
        'browse',
        folderId ?? 'all',
        sorting.field,
        sorting.direction,
      ],
      navigation: [...requestKeys.all(token), 'navigation'],
    },
    ownerName: request.relationships.user.data.attributes.name,
    onLinkError,
  };
}
