export { downloadsRoutes } from './downloads.routes.js';
