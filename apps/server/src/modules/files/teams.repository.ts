import type { TeamPermission } from '@filestore/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { arrayParam } from '../../lib/db/prepared.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { users, type UserRow } from '../users/index.js';
import { items, type ItemRow } from './items.table.js';
import { teamFolders, teamMembers } from './teams.table.js';

/*
 * The team grants' tables (`team_folders`, `team_members`, ADR 0029) are the item policy's: they live
 * beside it in this module, and the teams module reads and changes them only through these verbs
 * (ADR 0070).
 */

/** A team folder as the policy's tables know it (ADR 0029). */
export interface TeamRef {
  folderId: string;
  ownerId: string;
}

/** The team folder among `ids` (a folder's path: team folders do not nest, so at most one), with its row. */
export async function teamAmong(db: Db, ids: readonly string[]): Promise<{ team: TeamRef; folder: ItemRow } | null> {
  if (!ids.length) return null;
  const [found] = await db
    .select({ folderId: teamFolders.folderId, ownerId: teamFolders.ownerId, folder: items })
    .from(teamFolders)
    .innerJoin(items, eq(items.id, teamFolders.folderId))
    .where(sql`${teamFolders.folderId} = any(${arrayParam(ids)}::uuid[])`)
    .limit(1);
  return found ? { team: { folderId: found.folderId, ownerId: found.ownerId }, folder: found.folder } : null;
}

/** The team folder row of `folderId`, or null when it is a plain folder. */
export async function teamFolderOf(db: Db, folderId: string): Promise<TeamRef | null> {
  const [row] = await db
    .select({ folderId: teamFolders.folderId, ownerId: teamFolders.ownerId })
    .from(teamFolders)
    .where(eq(teamFolders.folderId, folderId));
  return row ?? null;
}

export async function membershipOf(db: Db, folderId: string, userId: string): Promise<TeamPermission | null> {
  const [row] = await db
    .select({ permission: teamMembers.permission })
    .from(teamMembers)
    .where(and(eq(teamMembers.folderId, folderId), eq(teamMembers.userId, userId)));
  return row?.permission ?? null;
}

export interface MemberWithUser {
  folderId: string;
  permission: TeamPermission;
  user: UserRow;
}

/** The members of these team folders with their accounts, oldest membership first (the owner is not among them). */
export async function membersOf(db: Db, folderIds: readonly string[]): Promise<MemberWithUser[]> {
  if (!folderIds.length) return [];
  return db
    .select({ folderId: teamMembers.folderId, permission: teamMembers.permission, user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.folderId, [...folderIds]))
    .orderBy(asc(teamMembers.createdAt), asc(users.email));
}

/** Live team folders owned by the user (a team folder in the trash, or below a trashed folder, is not listed). */
export const ownedTeamFoldersWhere = (userId: string): SQL => sql`${items.ownerId} = ${userId}::uuid
  and ${items.id} in (select ${teamFolders.folderId} from ${teamFolders} where ${teamFolders.ownerId} = ${userId}::uuid)
  and item_trashed_by(${items.id}) is null`;

/** Live team folders the user is a member of (what is in its owner's trash is gone for members). */
export const memberTeamFoldersWhere = (userId: string): SQL => sql`${items.id} in (
    select ${teamMembers.folderId} from ${teamMembers} where ${teamMembers.userId} = ${userId}::uuid)
  and item_trashed_by(${items.id}) is null`;

/**
 * Whether one of the owner's team folders lies below `folderId` (trashed or not: a team folder
 * restored later would nest too). One walk up from the owner's team folders, which are few.
 */
export async function teamFolderBelow(db: Db, ownerId: string, folderId: string): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive up(id, parent_id) as (
      select i.id, i.parent_id from ${items} i join ${teamFolders} t on t.folder_id = i.id
      where t.owner_id = ${ownerId}::uuid and i.id <> ${folderId}::uuid
      union
      select p.id, p.parent_id from ${items} p join up on p.id = up.parent_id
    )
    select 1 as found from up where id = ${folderId}::uuid limit 1`);
  return rowsOf(result).length > 0;
}

/** A folder of the viewer's tree and what their team relationship to it is, for `fromColumn`/`load`. */
export type TeamOf = { folderId: string; ownerId: string; name: string };

/**
 * For each of `starts`, the team folder it is or lies in: one walk up from all of them at once,
 * stopping at team folders, and nothing at all when none of `owners` has a team folder (one probe
 * of `team_folders_owner_idx`).
 */
export async function teamsAbove(
  db: Db,
  starts: readonly string[],
  owners: readonly string[],
): Promise<Map<string, TeamOf>> {
  const found = new Map<string, TeamOf>();
  if (!starts.length || !owners.length) return found;
  const result = await db.execute(sql`
    with recursive up(id, parent_id) as (
      select i.id, i.parent_id from ${items} i
      where i.id = any(${arrayParam(starts)}::uuid[])
        and exists (select 1 from ${teamFolders} where owner_id = any(${arrayParam(owners)}::uuid[]))
      union
      select i.id, i.parent_id from ${items} i join up on i.id = up.parent_id
      where not exists (select 1 from ${teamFolders} t where t.folder_id = up.id)
    )
    select up.id, up.parent_id, t.owner_id as team_owner, n.name as team_name
    from up left join ${teamFolders} t on t.folder_id = up.id left join ${items} n on n.id = t.folder_id`);
  const nodes = new Map(
    rowsOf<{ id: string; parent_id: string | null; team_owner: string | null; team_name: string | null }>(result).map(
      (r) => [r.id, r],
    ),
  );
  for (const start of starts) {
    for (let id: string | null = start, depth = 0; id && depth <= nodes.size; depth++) {
      const node = nodes.get(id);
      if (!node) break;
      if (node.team_owner) {
        found.set(start, { folderId: node.id, ownerId: node.team_owner, name: node.team_name ?? '' });
        break;
      }
      id = node.parent_id;
    }
  }
  return found;
}

/**
 * `teamsAbove`'s answer for one row as a column of a listing: the row itself, when it is a team
 * folder. Files are never looked up (a listing's rows are read from `items`, whose `type` is theirs).
 */
export const teamFolderColumn = (itemId: SQL): SQL => sql`case when ${items.type} = 'folder' then
  (select json_build_array(t.folder_id, t.owner_id) from ${teamFolders} t where t.folder_id = ${itemId}) end`;

/**
 * The team folder the folder listed is or lies in, as a column computed once per statement (its id
 * is a parameter): a walk up that stops at the first team folder.
 */
export const enclosingTeamColumn = (itemId: SQL): SQL => sql`(
  with recursive up(id, parent_id) as (
    select i.id, i.parent_id from ${items} i where i.id = ${itemId}
    union all
    select i.id, i.parent_id from ${items} i join up on i.id = up.parent_id
    where not exists (select 1 from ${teamFolders} t where t.folder_id = up.id)
  )
  select json_build_array(t.folder_id, t.owner_id, n.name)
  from up join ${teamFolders} t on t.folder_id = up.id join ${items} n on n.id = t.folder_id limit 1)`;

/** Makes the owner's folder a team folder (in the caller's transaction, under the owner's tree lock). */
export async function grantTeamFolder(tx: Db, folderId: string, ownerId: string): Promise<void> {
  await tx.insert(teamFolders).values({ folderId, ownerId });
}

/** The members of a team folder and their permissions (the owner is not among them). */
export async function teamMembersOf(
  tx: Db,
  folderId: string,
): Promise<{ userId: string; permission: TeamPermission }[]> {
  return tx
    .select({ userId: teamMembers.userId, permission: teamMembers.permission })
    .from(teamMembers)
    .where(eq(teamMembers.folderId, folderId));
}

/** Adds a member with a permission; one who is a member already keeps theirs. */
export async function addTeamMember(
  tx: Db,
  member: { folderId: string; userId: string; permission: TeamPermission },
): Promise<void> {
  await tx.insert(teamMembers).values(member).onConflictDoNothing();
}

export async function removeTeamMembers(tx: Db, folderId: string, userIds: readonly string[]): Promise<void> {
  await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.folderId, folderId), inArray(teamMembers.userId, [...userIds])));
}

export async function setTeamPermission(
  tx: Db,
  folderId: string,
  userIds: readonly string[],
  permission: TeamPermission,
): Promise<void> {
  await tx
    .update(teamMembers)
    .set({ permission })
    .where(and(eq(teamMembers.folderId, folderId), inArray(teamMembers.userId, [...userIds])));
}

/** The member leaves the team folder: false when they were not a member. */
export async function leaveTeamFolder(tx: Db, folderId: string, userId: string): Promise<boolean> {
  const left = await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.folderId, folderId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return left.length > 0;
}

/** The team ends: its members' rows, then the grant itself; the folder stays a plain folder. */
export async function dropTeamFolder(tx: Db, folderId: string): Promise<void> {
  await tx.delete(teamMembers).where(eq(teamMembers.folderId, folderId));
  await tx.delete(teamFolders).where(eq(teamFolders.folderId, folderId));
}

/** The ids of the team folders the user owns. */
export async function teamFoldersOwnedBy(db: Db, ownerId: string): Promise<{ id: string }[]> {
  return db.select({ id: teamFolders.folderId }).from(teamFolders).where(eq(teamFolders.ownerId, ownerId));
}

/** The lower-case emails among `emails` of people who are members of the team folder now. */
export async function memberEmailsAmong(db: Db, folderId: string, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.folderId, folderId), inArray(sql`lower(${users.email})`, [...emails])));
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/**
 * The start of the query of the emails counted against a user's team member limit: the other
 * people in every team folder they own or belong to (the owner of a team they belong to included).
 * The teams module adds its pending invitations' emails with a `union` and the order.
 */
export const teamPeopleEmailsOf = (userId: string): SQL => sql`
    with my_teams as (
      select folder_id from team_folders where owner_id = ${userId}
      union
      select folder_id from team_members where user_id = ${userId}
    )
    select lower(u.email) as email from team_members m join users u on u.id = m.user_id
      where m.folder_id in (select folder_id from my_teams) and m.user_id <> ${userId}
    union
    select lower(u.email) from team_folders f join users u on u.id = f.owner_id
      where f.folder_id in (select folder_id from my_teams) and f.owner_id <> ${userId}`;

/**
 * The users among `memberIds`' team folders' owners whose folders are among `folderIds`, as a
 * subquery of owner ids: which owners' rows an upload by team members into those folders locks.
 */
export const teamOwnersForUploads = (memberIds: readonly string[], folderIds: readonly string[]): SQL => sql`
        select i.owner_id from ${items} i
        join ${teamFolders} tf on tf.owner_id = i.owner_id
        join ${teamMembers} m on m.folder_id = tf.folder_id and m.user_id = any(${arrayParam([...memberIds])}::uuid[])
        where i.id = any(${arrayParam([...folderIds])}::uuid[])`;
