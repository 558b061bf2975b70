export { systemRoutes } from './system.routes.js';
export { buildAppConfig } from './app-config.js';
