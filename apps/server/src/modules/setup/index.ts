export { setupRoutes, autoSetupFromEnv } from './setup.routes.js';
export { statusCheck } from './status-check.js';
