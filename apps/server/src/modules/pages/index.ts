export { pagesRoutes } from './pages.routes.js';
export { seedDefaultPages } from './pages.repository.js';
