import type { NewNotification } from '../notifications/index.js';
import { fullName, type UserRow } from '../users/index.js';
import type { FileRequestRow } from './file-requests.table.js';

const filesCount = (files: number) => (files === 1 ? '1 file' : `${files} files`);

/** The request's folder in Files (spec §4 route action: a named route with an id). */
const openFolder = (request: FileRequestRow, button: string) => ({
  type: 'route' as const,
  params: { route: 'Files', id: request.folderId, button },
});

/** The guest pressed Done, or the request went quiet and the hourly job filled it. */
export function filledNotification(request: FileRequestRow, folderName: string, files: number): NewNotification {
  return {
    category: 'file-request',
    title: `Upload request “${folderName}” is complete`,
    description: `${filesCount(files)} arrived. The link no longer takes uploads.`,
    action: openFolder(request, 'Show files'),
  };
}

/** A guest's first file arrived through the request. */
export function firstUploadNotification(request: FileRequestRow, folderName: string): NewNotification {
  return {
    category: 'file-request',
    title: `Files are arriving in “${folderName}”`,
    description: 'Someone started uploading through your upload request.',
    action: openFolder(request, 'Show files'),
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
    title: `${name} asks you to upload files`,
    description: request.notes
      ? `Their message: “${request.notes}”`
      : 'Open the upload page to send your files. They go straight to their folder.',
    action: {
      type: 'url',
      params: { url: `/request/${request.token}/upload`, target: 'blank', button: 'Upload files' },
    },
  };
}
