export { uploadsRoutes } from './uploads.routes.js';
export { cancelUpload, receiveUpload, uploadRoutesScope } from './upload-handlers.js';
export type { ChunkOutcome } from './chunked-upload.js';
export { uploadSessions, type UploadSessionRow } from './upload-sessions.table.js';
export { endLinkUploads, endUploadsOfClosedLinks, endUploadsOfOwner } from './running-uploads.js';
export { uploadWholeFile } from './whole-file.js';
export { ChunkBody } from './chunk-body.js';
export { admitUpload } from './admission.js';
export { BULK_MULTIPART_LIMITS, receiveBulkUpload } from './bulk-upload.js';
