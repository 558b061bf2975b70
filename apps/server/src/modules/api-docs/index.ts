export { registerOpenApi, openApiPath } from './openapi.js';
export { apiDocsRoutes, DOCS_CSP } from './docs.routes.js';
