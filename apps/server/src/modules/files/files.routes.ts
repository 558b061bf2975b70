import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';

/** Browse, organise, trash, favourites, search and navigation (spec §7). */
export function filesRoutes(_app: TypedApp, _ctx: AppContext) {}
