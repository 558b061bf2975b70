import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';

/** File download with Range, and streamed zips of files and folders. */
export function downloadsRoutes(_app: TypedApp, _ctx: AppContext) {}
