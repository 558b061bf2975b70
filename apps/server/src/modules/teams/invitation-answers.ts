import type { TeamInvitationResponse } from '@filestore/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { notFound } from '../../lib/errors.js';
import { addTeamMember, withTreeLock } from '../files/index.js';
import { notify } from '../notifications/index.js';
import { findUserByEmail, type UserRow } from '../users/index.js';
import { joinedNotification } from './invitation.notifications.js';
import { presentInvitation, viewerOf } from './invitation.presenter.js';
import { invitationGone, inviteSelf } from './invitations.errors.js';
import { clearInvitationActions, findInvitation, type InvitationView } from './invitations.repository.js';
import { teamInvitations } from './team-invitations.table.js';

/*
 * The invitee's side (ADR 0029): the invitation page, accept and decline. The id, mailed to the
 * invitee, is the secret that shows the invitation; answering it needs the invitee signed in with
 * the invited email, and anyone else learns nothing (404), whatever its state.
 */

const invitationId = z.uuid();

const isOpen = (found: InvitationView) => found.invitation.status === 'pending' && found.teamOwnerId !== null;

/** GET /api/teams/invitations/{id}: who invites to which folder, for anyone with the link. */
export async function showInvitation(
  ctx: AppContext,
  id: string,
  user: UserRow | null,
): Promise<TeamInvitationResponse> {
  if (!invitationId.safeParse(id).success) throw notFound();
  const found = await findInvitation(ctx.db, id);
  if (!found) throw notFound();
  if (!isOpen(found)) throw invitationGone();
  const { invitation, inviter, folder } = found;
  const isExistedUser = (await findUserByEmail(ctx.db, invitation.email)) !== undefined;
  return {
    ...presentInvitation(invitation, inviter, folder, isExistedUser),
    meta: { viewer: viewerOf(invitation, user) },
  };
}

/** The invitation when `user` is its invitee; for anyone else it does not exist. */
async function ownInvitation(ctx: AppContext, user: UserRow, id: string): Promise<InvitationView> {
  if (!invitationId.safeParse(id).success) throw notFound();
  const found = await findInvitation(ctx.db, id);
  if (!found || viewerOf(found.invitation, user) !== 'invitee') throw notFound();
  return found;
}

/**
 * Accepts: the invitee becomes a member with the invitation's permission, the invitation is used,
 * the buttons leave their notification and the team's owner is told who joined. Runs under the
 * owner's tree lock (as the team's changes do) and the invitation's row lock, so two answers at
 * once give one success and one 410, and a team dissolved meanwhile answers 410.
 */
export async function acceptInvitation(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const seen = await ownInvitation(ctx, user, id);
  await withTreeLock(ctx.db, seen.folder.ownerId, async (tx) => {
    const found = await findInvitation(tx, id, true);
    if (!found) throw notFound();
    if (!isOpen(found) || found.teamOwnerId === null) throw invitationGone();
    const { invitation, folder } = found;
    // The email became the owner's since the invitation was sent: an owner is never a member.
    if (found.teamOwnerId === user.id) throw inviteSelf();
    await addTeamMember(tx, { folderId: invitation.folderId, userId: user.id, permission: invitation.permission });
    await tx
      .update(teamInvitations)
      .set({ status: 'accepted', respondedAt: new Date() })
      .where(and(eq(teamInvitations.id, invitation.id), eq(teamInvitations.status, 'pending')));
    await clearInvitationActions(tx, [invitation]);
    await notify(tx, found.teamOwnerId, joinedNotification(user, folder));
  });
}

/** Declines: the invitation is closed and the buttons leave its notification; nobody is told. */
export async function declineInvitation(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await ownInvitation(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    const found = await findInvitation(tx, id, true);
    if (!found) throw notFound();
    if (!isOpen(found)) throw invitationGone();
    await tx
      .update(teamInvitations)
      .set({ status: 'declined', respondedAt: new Date() })
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.status, 'pending')));
    await clearInvitationActions(tx, [found.invitation]);
  });
}
