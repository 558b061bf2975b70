import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';

/** Thumbnails made in the background after upload, and the route that serves them. */
export function thumbnailsModule(_app: TypedApp, _ctx: AppContext) {}
