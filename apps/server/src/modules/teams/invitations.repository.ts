import type { NotificationAction } from '@filestore/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { selectWithLiveTeamFolder, selectWithTeamFolder, teamPeopleEmailsOf, type ItemRow } from '../files/index.js';
import { notifications } from '../notifications/index.js';
import { users, type UserRow } from '../users/index.js';
import { teamInvitations, type TeamInvitationRow } from './team-invitations.table.js';

const lowerEmail = sql`lower(${teamInvitations.email})`;
const lowerUserEmail = sql`lower(${users.email})`;

/**
 * The emails counted against a user's team member limit (spec §5), lower case and sorted: the other
 * people in every team folder they own or belong to (the owner of a team they belong to included,
 * as the reference counts the owner as a member) and the emails of their pending invitations.
 */
export async function teamEmailsOf(db: Db, userId: string): Promise<string[]> {
  const result = await db.execute(sql`${teamPeopleEmailsOf(userId)}
    union
    select lower(i.email) from team_invitations i where i.inviter_id = ${userId} and i.status = 'pending'
    order by 1`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}

/** The folder's pending invitations among `emails` (lower case). */
export async function pendingInvitationsFor(
  db: Db,
  folderId: string,
  emails: readonly string[],
): Promise<TeamInvitationRow[]> {
  if (!emails.length) return [];
  return db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.folderId, folderId),
        eq(teamInvitations.status, 'pending'),
        inArray(lowerEmail, [...emails]),
      ),
    );
}

/** Accounts whose email is among `emails` (lower case). */
export async function usersByEmails(db: Db, emails: readonly string[]): Promise<UserRow[]> {
  if (!emails.length) return [];
  return db
    .select()
    .from(users)
    .where(inArray(lowerUserEmail, [...emails]));
}

/** An invitation with who sent it and the folder it is into; locked for the transaction when asked. */
export interface InvitationView {
  invitation: TeamInvitationRow;
  inviter: UserRow;
  folder: ItemRow;
  /** The team folder's owner, or null once the team is dissolved. */
  teamOwnerId: string | null;
}

export async function findInvitation(db: Db, id: string, lock = false): Promise<InvitationView | undefined> {
  if (lock) {
    // Only the invitation's row is locked: two answers to one invitation queue here, and the second
    // sees the first one's status.
    const [locked] = await db.select().from(teamInvitations).where(eq(teamInvitations.id, id)).for('update');
    if (!locked) return undefined;
  }
  const [row] = await selectWithTeamFolder(
    db,
    { invitation: teamInvitations, inviter: users },
    teamInvitations,
    teamInvitations.folderId,
  )
    .innerJoin(users, eq(users.id, teamInvitations.inviterId))
    .where(eq(teamInvitations.id, id));
  return row;
}

/** Pending invitations to `email` into team folders that still exist, with their inviter and folder. */
export async function pendingInvitationsTo(db: Db, email: string): Promise<InvitationView[]> {
  return selectWithLiveTeamFolder(
    db,
    { invitation: teamInvitations, inviter: users },
    teamInvitations,
    teamInvitations.folderId,
  )
    .innerJoin(users, eq(users.id, teamInvitations.inviterId))
    .where(and(eq(lowerEmail, email.toLowerCase()), eq(teamInvitations.status, 'pending')))
    .orderBy(teamInvitations.createdAt);
}

/**
 * Takes the accept and decline buttons off the invitations' notifications (the panel shows none
 * once an invitation is answered or withdrawn). Only the invitees' own notifications are read.
 */
export async function clearInvitationActions(
  db: Db,
  invitations: readonly Pick<TeamInvitationRow, 'id' | 'email'>[],
): Promise<void> {
  if (!invitations.length) return;
  const emails = [...new Set(invitations.map((i) => i.email.toLowerCase()))];
  const ids = invitations.map((i) => i.id);
  await db
    .update(notifications)
    .set({ action: null })
    .where(
      and(
        inArray(notifications.userId, db.select({ id: users.id }).from(users).where(inArray(lowerUserEmail, emails))),
        sql`${notifications.action}->>'type' = ${'invitation' satisfies NotificationAction['type']}`,
        inArray(sql`${notifications.action}->'params'->>'id'`, ids),
      ),
    );
}

/** The folder's pending invitations, oldest first, with their inviter and whether each email has an account. */
export async function pendingInvitationsOf(
  db: Db,
  folderId: string,
): Promise<(InvitationView & { isExistedUser: boolean })[]> {
  const rows = await selectWithTeamFolder(
    db,
    {
      invitation: teamInvitations,
      inviter: users,
      isExistedUser: sql<boolean>`exists (select 1 from ${users} u where lower(u.email) = lower(${teamInvitations.email}))`,
    },
    teamInvitations,
    teamInvitations.folderId,
  )
    .innerJoin(users, eq(users.id, teamInvitations.inviterId))
    .where(and(eq(teamInvitations.folderId, folderId), eq(teamInvitations.status, 'pending')))
    .orderBy(teamInvitations.createdAt, teamInvitations.id);
  return rows;
}
