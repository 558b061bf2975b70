import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { browseRoutes } from './browse.routes.js';
import { favouritesRoutes } from './favourites.routes.js';
import { organiseRoutes } from './organise.routes.js';
import { searchRoutes } from './search.routes.js';
import { trashRoutes } from './trash.routes.js';

/** Browse, organise, trash, favourites, search and navigation (spec §7). */
export function filesRoutes(app: TypedApp, ctx: AppContext) {
  browseRoutes(app, ctx);
  organiseRoutes(app, ctx);
  trashRoutes(app, ctx);
  favouritesRoutes(app, ctx);
  searchRoutes(app, ctx);
}
