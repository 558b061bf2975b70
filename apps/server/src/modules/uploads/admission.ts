import type { AppContext } from '../../app/context.js';
import { notFound } from '../../lib/errors.js';
import { authorizeFolder, scopeIn, type Actor } from '../files/index.js';
import { readSettings, type Settings } from '../settings/index.js';
import { assertMayStore, emptyFile, type Allowance } from './upload-policy.js';
import { ownerWithReserved } from './upload-sessions.repository.js';

export interface UploadTarget {
  parentId: string | null;
  /** The whole file's size, when the client said it. */
  size: number | undefined;
  /** The session this chunk belongs to, left out of the reserved bytes. */
  sessionId: string | null;
}

export interface Admission {
  settings: Settings;
  allowance: Allowance;
  /** When the settings were read (ms since 1970): the transaction that makes the file may reuse them while fresh. */
  readAt: number;
  /**
   * Whose storage the file goes to: the folder's owner, who for a member uploading into a team
   * folder is the team folder's owner (ADR 0029); their quota and restrictions apply.
   */
  ownerId: string;
}

/**
 * The checks every chunk passes before a byte is stored: a non-empty file, a live folder the actor
 * may add to (404 otherwise, like any id the actor cannot reach), then what the owner may store.
 * Reads the owner afresh: the signed-in user on the request may be older than the last upload. The
 * owner is the folder's (a team folder's owner for its members), not necessarily the actor.
 */
export async function admitUpload(ctx: AppContext, actor: Actor, target: UploadTarget): Promise<Admission> {
  if (target.size === 0) throw emptyFile();
  const folder = await authorizeFolder(ctx.db, actor, 'upload', target.parentId);
  const scope = scopeIn(actor, folder);
  const readAt = Date.now();
  const [settings, found] = await Promise.all([
    readSettings(ctx.db),
    ownerWithReserved(ctx.db, scope.ownerId, target.sessionId),
  ]);
  if (!found) throw notFound();
  const allowance = { owner: found.owner, settings, reserved: found.reserved };
  assertMayStore(allowance, target.size ?? 0);
  return { settings, allowance, readAt, ownerId: scope.ownerId };
}
