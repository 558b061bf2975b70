export { registerOpenApi, accessOf, openApiPath } from './openapi.js';
export { apiDocsRoutes, DOCS_CSP } from './docs.routes.js';
