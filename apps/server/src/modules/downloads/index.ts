export { downloadsRoutes } from './downloads.routes.js';
export { downloadFile, downloadZip } from './download-handlers.js';
export { zipFormOptions, zipFormRoutes } from './zip-form.js';
export { assertCanDownload, downloadRestricted } from './download-access.js';
export { sendFileBytes, type FileBytes } from './file-response.js';
export { FILE_CSP, protectFileBytes, inlineContentType } from './file-headers.js';
export { entityTag, httpDate, ifNoneMatchHits } from './http-conditional.js';
