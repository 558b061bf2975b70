export { thumbnailsModule, thumbnailSizeParam } from './thumbnails.routes.js';
export { sendThumbnail } from './thumbnail-handler.js';
export { THUMBNAILS_JOB } from './thumbnails.job.js';
export {
  THUMBNAIL_SIZES,
  MAX_THUMBNAIL_INPUT_BYTES,
  canThumbnail,
  thumbnailKey,
  thumbnailKeys,
  type ThumbnailSize,
} from './thumbnail-sizes.js';
