import type {
  FolderResource,
  PersonSummary,
  TeamFolderResource,
  TeamMemberResource,
  TeamRole,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import {
  presentItem,
  presentingForViewer,
  type ExtraRelationships,
  type ItemRow,
  type PresentContext,
  type RelationshipLoader,
  enclosingTeamColumn,
  membersOf,
  teamFolderColumn,
  teamsAbove,
  type MemberWithUser,
  type TeamOf,
} from '../files/index.js';
import { avatarUrls, fullName, type UserRow } from '../users/index.js';
import { usersByIds } from './teams.repository.js';
import { folderInvitations } from './invitation.presenter.js';

/** A person as shown beside team items: avatars, members, "Uploaded by". */
export const personSummary = (user: UserRow): PersonSummary => ({
  id: user.id,
  name: fullName(user),
  email: user.email,
  avatar: avatarUrls(user),
  color: user.color,
});

type Extra = Partial<ExtraRelationships>;

/** A column value read back: `[team folder id, its owner, its name?]`. */
function teamFromColumn(value: unknown): { folderId: string; ownerId: string; name: string | null } | null {
  if (value === null || value === undefined) return null;
  const [folderId, ownerId, name] = (typeof value === 'string' ? JSON.parse(value) : value) as [
    string,
    string,
    string | undefined,
  ];
  return { folderId, ownerId, name: name ?? null };
}

/**
 * The team facts of rows a signed-in viewer sees (ADR 0029), from what each row's team is
 * (`teams`: the team folder it is or lies in): on a team folder `is_team_folder`, its people (owner
 * first) for its owner and members, and no parent for anyone but its owner (the owner's folders
 * above it are theirs); inside one, the team's id and name; and who made an item when that is not
 * its owner. At most two look-ups (the members, then the other people), none for rows outside teams
 * made by their owner.
 */
async function teamFacts(
  db: Db,
  rows: readonly ItemRow[],
  teams: ReadonlyMap<string, TeamOf>,
  viewerId: string,
): Promise<Map<string, Extra>> {
  const result = new Map<string, Extra>();
  const teamFolderRows = rows.filter((r) => teams.get(r.id)?.folderId === r.id);
  const members = await membersOf(
    db,
    teamFolderRows.map((r) => r.id),
  );
  const people = new Map<string, UserRow>(members.map((m) => [m.user.id, m.user]));
  const creatorOf = (r: ItemRow) => (r.creatorId && r.creatorId !== r.ownerId ? r.creatorId : null);
  const wanted = new Set<string>();
  for (const r of teamFolderRows) wanted.add(r.ownerId);
  for (const r of rows) {
    const creator = creatorOf(r);
    if (creator) wanted.add(creator);
  }
  for (const user of await usersByIds(
    db,
    [...wanted].filter((id) => !people.has(id)),
  ))
    people.set(user.id, user);

  const byFolder = new Map<string, MemberWithUser[]>();
  for (const m of members) byFolder.set(m.folderId, [...(byFolder.get(m.folderId) ?? []), m]);

  for (const row of rows) {
    const extra: Extra = {};
    const team = teams.get(row.id);
    if (team?.folderId === row.id) {
      extra.isTeamFolder = true;
      const list = byFolder.get(row.id) ?? [];
      const owner = people.get(row.ownerId);
      if (owner && (row.ownerId === viewerId || list.some((m) => m.user.id === viewerId))) {
        extra.members = {
          data: [
            { ...personSummary(owner), permission: 'owner' as const },
            ...list.map((m) => ({ ...personSummary(m.user), permission: m.permission })),
          ],
        };
      }
      if (row.ownerId !== viewerId) extra.hideParent = true;
    } else if (team) {
      extra.team = { data: { id: team.folderId, name: team.name } };
    }
    const creatorId = creatorOf(row);
    const creator = creatorId ? people.get(creatorId) : undefined;
    if (creator) extra.creator = { data: personSummary(creator) };
    if (Object.keys(extra).length) result.set(row.id, extra);
  }
  return result;
}

/**
 * The team relationships of items for the files presenter (wired in app/http.ts): read with a
 * folder listing's rows (a cheap look-up of `team_folders` per row, and one walk up from the folder
 * listed, once per statement), or for any rows by one walk up from them all.
 */
export function teamRelationships(ctx: Pick<AppContext, 'db'>): RelationshipLoader {
  return {
    audience: 'viewer',
    column: (itemId, of) => (of === 'row' ? teamFolderColumn(itemId) : enclosingTeamColumn(itemId)),
    fromColumn: async (values, rows, viewerId) => {
      // The folder listed comes first with the team it is or lies in; a row is a team folder itself,
      // or lies in its parent's team.
      const teams = new Map<string, TeamOf>();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [id, value] of values) {
        const team = teamFromColumn(value);
        if (team) teams.set(id, { ...team, name: team.name ?? byId.get(id)?.name ?? '' });
      }
      for (const row of rows) {
        const parentTeam = row.parentId ? teams.get(row.parentId) : undefined;
        if (!teams.has(row.id) && parentTeam) teams.set(row.id, parentTeam);
      }
      if (!teams.size && !rows.some((r) => r.creatorId && r.creatorId !== r.ownerId)) return new Map();
      return teamFacts(ctx.db, rows, teams, viewerId);
    },
    load: async (database, rows, viewerId) => {
      const starts = new Set<string>();
      for (const row of rows) {
        if (row.type === 'folder') starts.add(row.id);
        else if (row.parentId) starts.add(row.parentId);
      }
      const above = await teamsAbove(database, [...starts], [...new Set(rows.map((r) => r.ownerId))]);
      const teams = new Map<string, TeamOf>();
      for (const row of rows) {
        const team = above.get(row.type === 'folder' ? row.id : (row.parentId ?? ''));
        if (team) teams.set(row.id, team);
      }
      if (!teams.size && !rows.some((r) => r.creatorId && r.creatorId !== r.ownerId)) return new Map();
      return teamFacts(database, rows, teams, viewerId);
    },
  };
}

const personAttributes = (user: UserRow) => {
  const { id: _id, ...attributes } = personSummary(user);
  return attributes;
};

/** The team's people as member resources: the owner first (`owner`), then the members, oldest first. */
async function teamPeople(db: Db, folder: ItemRow): Promise<TeamMemberResource[]> {
  const [members, [owner]] = await Promise.all([membersOf(db, [folder.id]), usersByIds(db, [folder.ownerId])]);
  const member = (user: UserRow, permission: TeamRole): TeamMemberResource => ({
    data: { id: user.id, type: 'member', attributes: { ...personAttributes(user), permission } },
  });
  return [...(owner ? [member(owner, 'owner')] : []), ...members.map((m) => member(m.user, m.permission))];
}

/**
 * A team folder with its people for a viewer whose role the caller decided (`meta.teamFolder`, and
 * what create, convert and update answer): pending invitations for its owner only. `base` is the
 * folder already presented to the viewer, when the caller has it.
 */
export async function presentTeamFolder(
  ctx: PresentContext,
  folder: ItemRow,
  viewerId: string,
  role: TeamRole,
  base?: FolderResource['data'],
): Promise<TeamFolderResource> {
  const presented = base ?? (await presentItem(ctx, folder, presentingForViewer(viewerId))).data;
  if (presented.type !== 'folder') throw new Error('a team folder is a folder');
  const [members, invitations] = await Promise.all([
    teamPeople(ctx.db, folder),
    role === 'owner' ? folderInvitations(ctx.db, folder.id) : Promise.resolve([]),
  ]);
  return {
    data: {
      ...presented,
      relationships: {
        ...presented.relationships,
        members: { data: members },
        invitations: { data: invitations },
      },
    },
    meta: { role },
  };
}
