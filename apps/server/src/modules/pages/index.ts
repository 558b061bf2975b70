export { homepageRoutes, pagesRoutes } from './pages.routes.js';
export { seedDefaultPages, visiblePageLinks } from './pages.repository.js';
