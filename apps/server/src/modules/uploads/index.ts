export { uploadsRoutes } from './uploads.routes.js';
export { cancelUpload, receiveUpload, uploadRoutesScope } from './upload-handlers.js';
export type { ChunkOutcome } from './chunked-upload.js';
export { uploadSessions, type UploadSessionRow } from './upload-sessions.table.js';
export { endLinkUploads, endUploadsOfClosedLinks } from './running-uploads.js';
