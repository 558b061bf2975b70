export { webRoutes } from './web.routes.js';
export { loadShell, type Shell } from './shell.js';
