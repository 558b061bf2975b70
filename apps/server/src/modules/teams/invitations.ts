import type { TeamInvitationInput } from '@filestore/contract';
import { randomInt } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { memberEmailsAmong, type ItemRow } from '../files/index.js';
import { reserveUserMails } from '../mail/index.js';
import { notify } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import { mayAddTeamMembers, teamMemberLimit, users, type UserRow } from '../users/index.js';
import { sendInvitationMails, type InvitationMail } from './invitation.mails.js';
import { invitationNotification } from './invitation.notifications.js';
import { inviteSelf, memberLimitReached } from './invitations.errors.js';
import {
  clearInvitationActions,
  pendingInvitationsFor,
  pendingInvitationsTo,
  teamEmailsOf,
  usersByEmails,
} from './invitations.repository.js';
import { teamInvitations } from './team-invitations.table.js';

/*
 * The invitation side of teams (ADR 0029), called by the team-folder use cases (create, convert,
 * update, dissolve) inside their transaction.
 */

/** What to do after the transaction commits (mails); the caller runs it once the change is durable. */
export type AfterCommit = () => Promise<void>;

const nothingAfterCommit: AfterCommit = async () => undefined;

/** An invitee's avatar colour until they have an account: the first colours of the users' palette. */
const INVITATION_COLOURS = ['#00BC7E', '#0077FF', '#FF5A5F', '#FFB400', '#8B5CF6'] as const;
const invitationColour = () => INVITATION_COLOURS[randomInt(INVITATION_COLOURS.length)] ?? '#00BC7E';

/**
 * Invites each email into the team folder (inviter = the folder's owner): a pending invitation per
 * new email, the permission updated for emails already pending. An existing user gets a
 * `team-invitation` notification (written in `tx`); everyone newly invited gets a mail after
 * commit. Inviting the owner is refused (`teams.invite_self`); a current member is skipped. New
 * emails are checked against the member limit here (`assertMayInvite`, after whatever the caller
 * withdrew in `tx`) and count against the owner's 50 mails an hour.
 */
export async function inviteMembers(
  tx: Db,
  ctx: AppContext,
  args: { folder: ItemRow; inviter: UserRow; invitations: readonly TeamInvitationInput[] },
): Promise<AfterCommit> {
  const { folder, inviter } = args;
  if (!args.invitations.length) return nothingAfterCommit;
  if (folder.ownerId !== inviter.id) throw new Error('the inviter of a team folder is its owner');
  const wanted = new Map(args.invitations.map((i) => [i.email.trim().toLowerCase(), i.permission]));
  if (wanted.has(inviter.email.toLowerCase())) throw inviteSelf();
  const emails = [...wanted.keys()];

  const members = await memberEmailsAmong(tx, folder.id, emails);
  const pending = await pendingInvitationsFor(tx, folder.id, emails);
  for (const invitation of pending) {
    const permission = wanted.get(invitation.email.toLowerCase());
    if (permission && permission !== invitation.permission) {
      await tx.update(teamInvitations).set({ permission }).where(eq(teamInvitations.id, invitation.id));
    }
  }
  const alreadyPending = new Set(pending.map((i) => i.email.toLowerCase()));
  const fresh = emails.filter((email) => !members.has(email) && !alreadyPending.has(email));
  if (!fresh.length) return nothingAfterCommit;

  await assertMayInvite(tx, ctx, inviter, fresh);
  await reserveUserMails(ctx, inviter.id, fresh.length);
  // Another request inviting the same email at once: the pending index keeps one, this one skips it.
  const inserted = await tx
    .insert(teamInvitations)
    .values(
      fresh.map((email) => ({
        folderId: folder.id,
        inviterId: inviter.id,
        email,
        permission: wanted.get(email) ?? 'can_view',
        color: invitationColour(),
      })),
    )
    .onConflictDoNothing()
    .returning();
  const accounts = new Map(
    (
      await usersByEmails(
        tx,
        inserted.map((i) => i.email.toLowerCase()),
      )
    ).map((u) => [u.email.toLowerCase(), u]),
  );
  const mails: InvitationMail[] = [];
  for (const invitation of inserted) {
    const invitee = accounts.get(invitation.email.toLowerCase()) ?? null;
    if (invitee) await notify(tx, invitee.id, invitationNotification(invitation, inviter, folder));
    mails.push({ invitation, invitee });
  }
  return () => sendInvitationMails(ctx, inviter, folder, mails);
}

/**
 * Withdraws the folder's pending invitations whose email is not in `keep` (null or empty: all of
 * them), and takes the buttons off their notifications. A late click on one answers 410.
 */
export async function withdrawInvitations(tx: Db, folderId: string, keep: readonly string[] | null): Promise<void> {
  const kept = [...new Set((keep ?? []).map((e) => e.trim().toLowerCase()))];
  const withdrawn = await tx
    .update(teamInvitations)
    .set({ status: 'withdrawn', respondedAt: new Date() })
    .where(
      and(
        eq(teamInvitations.folderId, folderId),
        eq(teamInvitations.status, 'pending'),
        kept.length ? notInArray(sql`lower(${teamInvitations.email})`, kept) : undefined,
      ),
    )
    .returning({ id: teamInvitations.id, email: teamInvitations.email });
  await clearInvitationActions(tx, withdrawn);
}

/**
 * The invite rule of spec §5 for `user` adding `emails`: 403 `teams.member_limit` when it would
 * exceed their limit (`teamMemberLimit` of the users module's entitlements: fixed plans only,
 * -1 unlimited). Emails already counted (members of their teams, their pending invitations) never
 * count twice. The user's row is locked first, so two invitations at once cannot both take the
 * last place.
 */
export async function assertMayInvite(
  tx: Db,
  _ctx: AppContext,
  user: UserRow,
  emails: readonly string[],
): Promise<void> {
  const own = user.email.toLowerCase();
  const adding = emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== own);
  if (!adding.length) return;
  const settings = await readSettings(tx);
  if (teamMemberLimit(user, settings) === -1) return;
  const [locked] = await tx
    .select({ maxTeamMembers: users.maxTeamMembers })
    .from(users)
    .where(eq(users.id, user.id))
    .for('update');
  const limit = teamMemberLimit(locked ?? user, settings);
  if (!mayAddTeamMembers(limit, await teamEmailsOf(tx, user.id), adding)) throw memberLimitReached(limit);
}

/**
 * A new account whose email has pending invitations gets their `team-invitation` notifications
 * (in the transaction that creates it), so the panel offers accept and decline. Nothing is
 * accepted for them: the invitation page brings them back to accept.
 */
export async function notifyPendingInvitations(tx: Db, user: UserRow): Promise<void> {
  for (const { invitation, inviter, folder } of await pendingInvitationsTo(tx, user.email)) {
    await notify(tx, user.id, invitationNotification(invitation, inviter, folder));
  }
}
