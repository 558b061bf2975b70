import type { TeamInvitationInput } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { ItemRow } from '../files/index.js';
import type { UserRow } from '../users/index.js';
import { teamInvitations } from './team-invitations.table.js';

/*
 * The invitation side of teams (ADR 0029), called by the team-folder use cases (create, convert,
 * update) inside their transaction. INTERFACE ONLY on main until the invitations work lands: the
 * team-folder engineer calls these; the invitations engineer implements them (and may add to them).
 */

/** What to do after the transaction commits (mails); the caller runs it once the change is durable. */
export type AfterCommit = () => Promise<void>;

/**
 * Invites each email into the team folder (inviter = the folder's owner): a pending invitation per
 * new email, the permission updated for emails already pending. An existing user gets a
 * `team-invitation` notification (written in `tx`); everyone gets a mail after commit. Inviting
 * the owner or a current member is refused (`teams.invite_self` / nothing to do for members).
 */
export async function inviteMembers(
  _tx: Db,
  _ctx: AppContext,
  args: { folder: ItemRow; inviter: UserRow; invitations: readonly TeamInvitationInput[] },
): Promise<AfterCommit> {
  if (args.invitations.length === 0) return async () => {};
  throw new AppError(501, 'internal', 'Invitations are not built yet.');
}

/** Withdraws the folder's pending invitations whose email is not in `keep` (null: all of them), and their notifications' actions. */
export async function withdrawInvitations(tx: Db, folderId: string, keep: readonly string[] | null): Promise<void> {
  // Nothing pending beyond what is kept: nothing to withdraw.
  const pending = await tx
    .select({ email: teamInvitations.email })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.folderId, folderId), eq(teamInvitations.status, 'pending')));
  const kept = new Set((keep ?? []).map((e) => e.toLowerCase()));
  if (pending.every((p) => kept.has(p.email.toLowerCase()))) return;
  throw new AppError(501, 'internal', 'Invitations are not built yet.');
}

/**
 * The invite rule of spec §5 for `user` adding `emails` (lower case): 403 `teams.member_limit`
 * when it would exceed their `max_team_members` (fixed plans only; metered and none never block;
 * -1 unlimited). Billing joins later through the entitlements module.
 */
export async function assertMayInvite(
  _tx: Db,
  _ctx: AppContext,
  _user: UserRow,
  emails: readonly string[],
): Promise<void> {
  if (emails.length === 0) return;
  throw new AppError(501, 'internal', 'Invitations are not built yet.');
}
