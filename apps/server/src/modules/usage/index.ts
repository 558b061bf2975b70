export { usageRoutes } from './usage.routes.js';
