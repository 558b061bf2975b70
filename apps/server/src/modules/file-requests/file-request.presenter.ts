import type { FileRequestResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { publicUrl } from '../auth/index.js';
import { presentItem, presentingForViewer, type ItemUrls } from '../files/index.js';
import { fullName } from '../users/index.js';
import { currentStatus } from './file-request-status.js';
import type { FoundRequest } from './file-requests.repository.js';

/** The guest's page (the web's upload-request screen). */
export const requestLink = (base: string, token: string) => `${base}/request/${token}/upload`;

/** File URLs handed to the guest: the request's own routes, which check the token every time. */
export function requestUrls(token: string): ItemUrls {
  const t = encodeURIComponent(token);
  return {
    file: (row) => `/api/file-request/${t}/download/${row.id}`,
    thumbnail: (row, size) => `/api/file-request/${t}/thumbnail/${row.id}/${size}`,
  };
}

/**
 * The request as its owner sees it (with its folder), or as the guest does: the owner's first name
 * and colour, the notes, no folder and no address.
 */
export async function presentFileRequest(
  ctx: AppContext,
  found: FoundRequest,
  view: 'owner' | 'guest',
): Promise<FileRequestResource> {
  const { request, owner, folder } = found;
  const folderResource =
    view === 'owner' ? await presentItem(ctx, folder, presentingForViewer(owner.id)) : { data: null };
  return {
    data: {
      id: request.id,
      type: 'upload-request',
      attributes: {
        token: request.token,
        status: currentStatus(request),
        notes: request.notes,
        email: view === 'owner' ? request.email : null,
        folder_id: request.folderId,
        link: requestLink(await publicUrl(ctx), request.token),
        created_at: request.createdAt.toISOString(),
      },
      relationships: {
        folder: folderResource.data?.type === 'folder' ? { data: folderResource.data } : null,
        user: {
          data: {
            type: 'user',
            attributes: {
              name: view === 'owner' ? fullName(owner) : (owner.firstName ?? fullName(owner)),
              color: owner.color,
            },
          },
        },
      },
    },
  };
}
