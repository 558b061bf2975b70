import type { RunningUpload } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { forEachBounded } from '../../lib/bounded.js';
import { linkRef, type LinkRef } from '../access/index.js';
import { fullName, type UserRow } from '../users/index.js';
import { uploadNotFound } from './chunk-errors.js';
import { discardStored, endSession } from './end-session.js';
import {
  actorsWithRunningSessions,
  claimSessionsOfActors,
  findRunningSessionOfOwner,
  runningSessionsOfOwner,
  type RunningSessionRow,
} from './upload-sessions.repository.js';

/** A link whose guests upload into someone's storage, as named on upload sessions (`scopeOf`). */
export type LinkSource = LinkRef['kind'];

const STARTED_BY = { share: 'share_link', request: 'upload_request' } as const;
/** Uploads ended at once (an account or a link going): on S3 each is a round trip of its own. */
const ENDING_AT_ONCE = 4;

function present({ session, folderName, creator }: RunningSessionRow): RunningUpload {
  const source = session.actorKey.kind;
  const linkKind = source === 'user' ? null : STARTED_BY[source];
  return {
    id: session.id,
    name: session.name,
    size: session.size,
    received: session.received,
    started_by: linkKind ? { kind: linkKind, name: null } : { kind: 'user', name: creator ? fullName(creator) : null },
    folder: session.parentId && folderName !== null ? { id: session.parentId, name: folderName } : null,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
  };
}

/** The uploads running in the user's storage (and holding its quota), whoever started them. */
export async function listRunningUploads(ctx: AppContext, owner: UserRow): Promise<RunningUpload[]> {
  return (await runningSessionsOfOwner(ctx.db, owner.id)).map(present);
}

/**
 * The owner ends an upload running in their storage, whoever started it (a link's guest
 * included): its parts go and its reservation with them. Any other user's: 404.
 */
export async function cancelRunningUpload(ctx: AppContext, owner: UserRow, uploadId: string): Promise<void> {
  const session = await findRunningSessionOfOwner(ctx.db, owner.id, uploadId);
  if (!session) throw uploadNotFound();
  await endSession(ctx, session);
}

/**
 * Ends the uploads that guests of these links started: a revoked, expired or closed link stops
 * holding its owner's quota at once. Returns how many were ended.
 */
export async function endLinkUploads(ctx: AppContext, source: LinkSource, linkIds: readonly string[]) {
  const ended = await claimSessionsOfActors(
    ctx.db,
    linkIds.map((id) => linkRef(source, id)),
  );
  await forEachBounded(ended, ENDING_AT_ONCE, (session) => discardStored(ctx, session));
  return ended.length;
}

/**
 * Ends the uploads of every link of this kind that `stillOpen` no longer lets upload (expired,
 * made read-only, deleted): the links' own modules decide, this module holds the sessions.
 */
export async function endUploadsOfClosedLinks(
  ctx: AppContext,
  source: LinkSource,
  stillOpen: (linkIds: string[]) => Promise<Set<string>>,
): Promise<number> {
  const linkIds = (await actorsWithRunningSessions(ctx.db, source)).map((ref) => ref.id);
  if (linkIds.length === 0) return 0;
  const open = await stillOpen(linkIds);
  return endLinkUploads(
    ctx,
    source,
    linkIds.filter((id) => !open.has(id)),
  );
}

/** Ends every upload running in the owner's storage (an account being deleted, ADR 0040): their parts go. */
export async function endUploadsOfOwner(ctx: AppContext, ownerId: string): Promise<number> {
  const running = await runningSessionsOfOwner(ctx.db, ownerId);
  // A few at once: on S3 each is an AbortMultipartUpload round trip of its own.
  await forEachBounded(running, ENDING_AT_ONCE, ({ session }) => endSession(ctx, session));
  return running.length;
}
