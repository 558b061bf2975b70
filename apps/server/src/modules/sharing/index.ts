import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { shareEditorRoutes } from './share-editor.routes.js';
import { shareOwnerRoutes } from './share-owner.routes.js';
import { shareVisitorRoutes } from './share-visitor.routes.js';
import { sharesCleanupJob } from './sharing.jobs.js';

export { SHARES_CLEANUP_JOB } from './sharing.jobs.js';
export { shares, shareUnlocks, type ShareRow } from './shares.table.js';
export { sharedRelationships } from './share.presenter.js';
export { openShareForEditing } from './share-access.js';

/** Share links: the owner's API, the visitors' API and clean-up (`sharedRelationships` is wired in app/). */
export function sharingModule(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(sharesCleanupJob(ctx));
  shareOwnerRoutes(app, ctx);
  shareVisitorRoutes(app, ctx);
  shareEditorRoutes(app, ctx);
}
