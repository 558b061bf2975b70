import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { registerRelationshipLoader } from '../files/index.js';
import { shareEditorRoutes } from './share-editor.routes.js';
import { shareOwnerRoutes } from './share-owner.routes.js';
import { sharedRelationships } from './share.presenter.js';
import { shareVisitorRoutes } from './share-visitor.routes.js';
import { sharesCleanupJob } from './sharing.jobs.js';

export { SHARES_CLEANUP_JOB } from './sharing.jobs.js';
export { shares, shareUnlocks, type ShareRow } from './shares.table.js';

/** Share links: the owner's API, the visitors' API, `relationships.shared` on owned items, clean-up. */
export function sharingModule(app: TypedApp, ctx: AppContext) {
  registerRelationshipLoader('shared', sharedRelationships(ctx));
  ctx.jobs.register(sharesCleanupJob(ctx));
  shareOwnerRoutes(app, ctx);
  shareVisitorRoutes(app, ctx);
  shareEditorRoutes(app, ctx);
}
