export { contactRoutes } from './contact.routes.js';
