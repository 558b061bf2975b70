export { uploadsRoutes } from './uploads.routes.js';
export { uploadSessions, type UploadSessionRow } from './upload-sessions.table.js';
