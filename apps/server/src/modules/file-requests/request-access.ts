import type { AppContext } from '../../app/context.js';
import { notFound } from '../../lib/errors.js';
import type { LinkActor } from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { requireUsableLink } from '../access/index.js';
import { restrictionsFor } from '../users/index.js';
import { requestLinkState } from './file-request-status.js';
import { requestUrls } from './file-request.presenter.js';
import { findRequestByToken, type FoundRequest } from './file-requests.repository.js';

export interface OpenedRequest extends FoundRequest {
  /** The guest as an actor of the access policy: the request's folder and what lies below it. */
  actor: LinkActor;
}

/** What the link decision reads of the request's owner. */
async function ownerState(ctx: AppContext, found: FoundRequest) {
  // Metered billing restricts the owner (unpaid usage): their links wait until they pay.
  return {
    owner: found.owner,
    ownerRestricted: !restrictionsFor(found.owner, await readSettings(ctx.db)).canVisitShared,
  };
}

/**
 * Resolves a guest's token once per request: unknown → 404; anything but active → 410
 * `request.closed`. The guest reaches the request's folder only, and writes there while it is open.
 */
export async function openRequest(ctx: AppContext, token: string): Promise<OpenedRequest> {
  const found = await findRequestByToken(ctx.db, token);
  if (!found) throw notFound();
  requireUsableLink({ ...requestLinkState(found.request), ...(await ownerState(ctx, found)) }, ctx.clock.now());
  const link = {
    source: 'request' as const,
    id: found.request.id,
    rootId: found.request.folderId,
    canEdit: true,
    urls: requestUrls(found.request.token),
  };
  return { ...found, actor: { kind: 'link', link, owner: found.owner } };
}

/** The request in any state (its page says which); unknown → 404. */
export async function findRequestOrThrow(ctx: AppContext, token: string): Promise<FoundRequest> {
  const found = await findRequestByToken(ctx.db, token);
  if (!found) throw notFound();
  // Its page shows it in any state: only its owner is asked about.
  requireUsableLink({ kind: 'request', expiresAt: null, ...(await ownerState(ctx, found)) }, ctx.clock.now());
  return found;
}
