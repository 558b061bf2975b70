export { emojiRoutes } from './emoji.routes.js';
