export { usageRoutes } from './usage.routes.js';
export { presentStorage } from './usage.presenter.js';
export { usageByCategory, usageOfAll } from './usage.repository.js';
