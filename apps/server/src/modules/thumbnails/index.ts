export { thumbnailsModule } from './thumbnails.routes.js';
