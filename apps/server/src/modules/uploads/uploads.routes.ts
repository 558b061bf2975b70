import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';

/** Chunked upload (spec §7 "Chunked upload action") and its clean-up job. */
export function uploadsRoutes(_app: TypedApp, _ctx: AppContext) {}
