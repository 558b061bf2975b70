import type { NewNotification } from '../notifications/index.js';
import { fullName, type UserRow } from '../users/index.js';
import type { FileRequestRow } from './file-requests.table.js';

/** The request's folder in Files (spec §4 route action: a named route with an id). */
const openFolder = (request: FileRequestRow) => ({
  type: 'route' as const,
  params: { route: 'Files', id: request.folderId },
});

/** The guest pressed Done, or the request went quiet and the hourly job filled it. */
export function filledNotification(request: FileRequestRow, folderName: string, files: number): NewNotification {
  return {
    category: 'file-request',
    message: { key: 'file_request.filled', params: { folder: folderName, count: files } },
    action: openFolder(request),
  };
}

/** A guest's first file arrived through the request. */
export function firstUploadNotification(request: FileRequestRow, folderName: string): NewNotification {
  return {
    category: 'file-request',
    message: { key: 'file_request.first_upload', params: { folder: folderName } },
    action: openFolder(request),
  };
}

/**
 * A request addressed to someone who has an account here: besides the mail, the bell tells them,
 * with the upload page to open in a new tab (spec §3; the reference's url action).
 */
export function requestedNotification(request: FileRequestRow, owner: UserRow): NewNotification {
  const name = owner.firstName ?? fullName(owner);
  return {
    category: 'file-request',
    message: request.notes
      ? { key: 'file_request.requested_note', params: { name, note: request.notes } }
      : { key: 'file_request.requested', params: { name } },
    action: { type: 'url', params: { url: `/request/${request.token}/upload`, target: 'blank' } },
  };
}
