import type {
  BrowseQuery,
  ConvertTeamFolderRequest,
  CreateTeamFolderRequest,
  NavigationResponse,
  TeamBrowseResponse,
  TeamFolderResource,
  TeamInvitationInput,
  TeamPermission,
  TeamRole,
  UpdateTeamFolderRequest,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import {
  authorizeFolder,
  browseLoadedFolder,
  createFolder,
  filteredPhase,
  listing,
  presentingFor,
  publishItemsChanged,
  subtreeFolderTree,
  withTreeLock,
  dropTeamFolder,
  grantTeamFolder,
  leaveTeamFolder,
  memberTeamFoldersWhere,
  membershipOf,
  membersOf,
  ownedTeamFoldersWhere,
  removeTeamMembers,
  setTeamPermission,
  teamAmong,
  teamFolderBelow,
  teamFolderOf,
  teamMembersOf,
  type TeamRef,
  type ItemRow,
  type LoadedFolder,
  type UserActor,
} from '../files/index.js';
import { publishEach } from '../realtime/index.js';
import { readSettings, type Settings } from '../settings/index.js';
import { restrictionsFor, type UserRow } from '../users/index.js';
import { assertMayInvite, inviteMembers, withdrawInvitations, type AfterCommit } from './invitations.js';
import { presentTeamFolder } from './team.presenter.js';
import {
  alreadyTeamFolder,
  nestedTeamFolder,
  notTeamFolder,
  ownerCannotLeave,
  teamCreationRestricted,
} from './teams.errors.js';

/*
 * Team folders (ADR 0029): listings, the tree, create, convert, update, dissolve and leave. Every
 * id is decided by the access policy first (`authorizeFolder`: strangers 404, members 403 on what
 * only the owner does); what makes a folder a team is then read from `team_folders`.
 */

const userActor = (user: UserRow): UserActor => ({ kind: 'user', user });

/** A folder the user may view and the team it is or lies in, with their role in it; 404 outside their teams. */
async function teamOfFolder(db: Db, user: UserRow, id: string) {
  const folder = await authorizeFolder(db, userActor(user), 'view', id);
  if (!folder) throw notFound();
  const found = await teamAmong(
    db,
    folder.path.map((p) => p.id),
  );
  if (!found) throw notTeamFolder();
  const role: TeamRole | null =
    found.team.ownerId === user.id ? 'owner' : await membershipOf(db, found.team.folderId, user.id);
  // The policy let them see it, so they own it or are a member; anything else is not theirs to know.
  if (!role) throw notFound();
  return { folder, team: found.team, teamFolder: found.folder, role };
}

/**
 * `GET /api/teams/folders/{id|all}` and `/api/teams/shared-with-me/{id|all}`: `all` lists the
 * team folders the user owns (or is a member of); an id lists a folder inside one of their teams,
 * whichever side they are on, with breadcrumbs from the team folder down (the owner's folders
 * above it are nobody else's business).
 */
export async function browseTeams(
  ctx: AppContext,
  user: UserRow,
  side: 'owned' | 'member',
  id: string,
  query: BrowseQuery,
): Promise<TeamBrowseResponse> {
  const actor = userActor(user);
  if (id === 'all') {
    const sort = query.sort ?? 'created_at';
    const direction = query.direction ?? 'DESC';
    const where = side === 'owned' ? ownedTeamFoldersWhere(user.id) : memberTeamFoldersWhere(user.id);
    const phase = await filteredPhase(ctx.db, where, 'folder', sort, direction);
    const page = await listing(ctx, presentingFor(actor), null, [phase], query, `teams:${side}:${sort}:${direction}`);
    return { ...page, meta: { ...page.meta, teamFolder: null } };
  }
  const { folder, team, teamFolder, role } = await teamOfFolder(ctx.db, user, id);
  const page = await browseLoadedFolder(ctx, actor, folder, query, { topId: team.folderId });
  const base = folder.id === team.folderId ? page.meta.root?.data : undefined;
  const resource = await presentTeamFolder(ctx, teamFolder, user.id, role, base);
  return { ...page, meta: { ...page.meta, teamFolder: resource } };
}

/** `GET /api/teams/folders/{id}/tree`: the folders of the team `id` is or lies in. */
export async function teamTree(ctx: AppContext, user: UserRow, id: string): Promise<NavigationResponse> {
  const { teamFolder, role } = await teamOfFolder(ctx.db, user, id);
  const folders = await subtreeFolderTree(ctx.db, teamFolder.id);
  return {
    data: [
      {
        location: role === 'owner' ? 'team-folders' : 'shared-with-me',
        name: teamFolder.name,
        folders,
        isMovable: role !== 'can_view',
        isOpen: true,
      },
    ],
  };
}

function assertMayCreateTeam(user: UserRow, settings: Settings) {
  const restrictions = restrictionsFor(user, settings);
  if (!restrictions.canCreateTeamFolder) throw teamCreationRestricted(restrictions.reason);
}

/** The member limit, then the invitations themselves, in the caller's transaction. */
async function invite(
  tx: Db,
  ctx: AppContext,
  owner: UserRow,
  folder: ItemRow,
  invitations: readonly TeamInvitationInput[],
): Promise<AfterCommit> {
  await assertMayInvite(
    tx,
    ctx,
    owner,
    invitations.map((i) => i.email.toLowerCase()),
  );
  return inviteMembers(tx, ctx, { folder, inviter: owner, invitations });
}

/**
 * The invitations' work after the commit (mails): the team is made and answered whatever happens to
 * a mail, which the invitations side reports on its own.
 */
async function afterCommit(ctx: AppContext, after: AfterCommit, folder: ItemRow) {
  await after().catch((error: unknown) =>
    ctx.log.error({ err: error, folderId: folder.id }, 'could not finish sending team invitations'),
  );
}

/** `POST /api/teams/folders`: a new folder at the top of the owner's tree, as a team folder with its invitations. */
export async function createTeamFolder(
  ctx: AppContext,
  user: UserRow,
  body: CreateTeamFolderRequest,
): Promise<TeamFolderResource> {
  const settings = await readSettings(ctx.db);
  assertMayCreateTeam(user, settings);
  const { folder, after } = await withTreeLock(ctx.db, user.id, async (tx) => {
    // The same names, clashes, limits and events as any new folder.
    const folder = await createFolder(tx, userActor(user), settings, {
      name: body.name,
      emoji: body.emoji ?? null,
      color: body.color ?? null,
      parent_id: null,
    });
    await grantTeamFolder(tx, folder.id, user.id);
    return { folder, after: await invite(tx, ctx, user, folder, body.invitations) };
  });
  await afterCommit(ctx, after, folder);
  return presentTeamFolder(ctx, folder, user.id, 'owner');
}

/** Team folders do not nest: not one already, not inside one, not around one (trashed ones count). */
async function assertMayBecomeTeam(tx: Db, folder: LoadedFolder) {
  const found = await teamAmong(
    tx,
    folder.path.map((p) => p.id),
  );
  if (found?.team.folderId === folder.id) throw alreadyTeamFolder();
  if (found) throw nestedTeamFolder('inside');
  if (await teamFolderBelow(tx, folder.ownerId, folder.id)) throw nestedTeamFolder('around');
}

/**
 * `POST /api/teams/folders/{id}/convert`: the owner's folder becomes a team folder where it is,
 * with its content (the reference moves it to the root: a bug not copied).
 */
export async function convertToTeamFolder(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: ConvertTeamFolderRequest,
): Promise<TeamFolderResource> {
  const settings = await readSettings(ctx.db);
  const { folder, after } = await withTreeLock(ctx.db, user.id, async (tx) => {
    const folder = await authorizeFolder(tx, userActor(user), 'manage', id);
    if (!folder) throw notFound();
    assertMayCreateTeam(user, settings);
    await assertMayBecomeTeam(tx, folder);
    await grantTeamFolder(tx, folder.id, user.id);
    // The owner's listings show it as a team folder now.
    await teamChanged(tx, folder);
    return { folder, after: await invite(tx, ctx, user, folder, body.invitations) };
  });
  await afterCommit(ctx, after, folder);
  return presentTeamFolder(ctx, folder, user.id, 'owner');
}

/**
 * A team folder of the user's own (manage: members 403, strangers 404), under their tree lock;
 * `any` also in their trash (a trashed team folder can still be dissolved).
 */
async function ownTeamFolder(
  tx: Db,
  user: UserRow,
  id: string,
  state: 'live' | 'any' = 'live',
): Promise<{ folder: LoadedFolder; team: TeamRef }> {
  const folder = await authorizeFolder(tx, userActor(user), 'manage', id, { state });
  if (!folder) throw notFound();
  const team = await teamFolderOf(tx, folder.id);
  if (!team) throw notTeamFolder();
  return { folder, team };
}

/**
 * `items.changed` for a change of the team itself, after it: its owner's listings of it and around
 * it, and the listing of it for every member who may read it now (the access policy's audience, as
 * for any change: ADR 0062). Members who just lost access are told by `team.access_ended`, which
 * refreshes their listings; they get no event about a folder they can no longer read.
 */
async function teamChanged(tx: Db, folder: ItemRow) {
  await publishItemsChanged(tx, [
    { ownerId: folder.ownerId, folderId: folder.parentId },
    { ownerId: folder.ownerId, folderId: folder.id },
  ]);
}

async function accessEnded(
  tx: Db,
  folder: ItemRow,
  userIds: readonly string[],
  reason: 'removed' | 'left' | 'dissolved',
) {
  await publishEach(
    tx,
    'team.access_ended',
    userIds.map((userId) => ({ userId, payload: { folder_id: folder.id, name: folder.name, reason } })),
  );
}

/** The members a PATCH wants, by id, without the owner (never a member row); refuses a list it cannot mean. */
function wantedMembers(owner: UserRow, members: UpdateTeamFolderRequest['members']): Map<string, TeamPermission> {
  const wanted = new Map<string, TeamPermission>();
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  members.forEach((m, i) => {
    if (seen.has(m.id)) errors[`members.${i}.id`] = ['Each member once.'];
    seen.add(m.id);
    if (m.id === owner.id) return;
    if (m.permission === 'owner') errors[`members.${i}.permission`] = ['A member can edit or view.'];
    else wanted.set(m.id, m.permission);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return wanted;
}

/**
 * `PATCH /api/teams/folders/{id}`: the whole wanted state. Members left out are removed (and told),
 * permissions listed are set; ids that are not members are ignored (they join by invitation only;
 * one may just have left). Pending invitations left out are withdrawn, new emails invited, listed
 * ones take the permission given.
 */
export async function updateTeamFolder(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: UpdateTeamFolderRequest,
): Promise<TeamFolderResource> {
  const wanted = wantedMembers(user, body.members);
  const { folder, after } = await withTreeLock(ctx.db, user.id, async (tx) => {
    const { folder } = await ownTeamFolder(tx, user, id);
    const current = await teamMembersOf(tx, folder.id);
    const removed = current.filter((m) => !wanted.has(m.userId)).map((m) => m.userId);
    if (removed.length) {
      await removeTeamMembers(tx, folder.id, removed);
      await accessEnded(tx, folder, removed, 'removed');
    }
    for (const permission of ['can_edit', 'can_view'] as const) {
      const changed = current
        .filter((m) => wanted.get(m.userId) === permission && m.permission !== permission)
        .map((m) => m.userId);
      if (!changed.length) continue;
      await setTeamPermission(tx, folder.id, changed, permission);
    }
    await withdrawInvitations(
      tx,
      folder.id,
      body.invitations.map((i) => i.email.toLowerCase()),
    );
    const after = await invite(tx, ctx, user, folder, body.invitations);
    await teamChanged(tx, folder);
    return { folder, after };
  });
  await afterCommit(ctx, after, folder);
  return presentTeamFolder(ctx, folder, user.id, 'owner');
}

/**
 * `DELETE /api/teams/folders/{id}`: the team ends, the folder stays where it is as a plain folder of
 * its owner; members lose access at once (their rows go in this transaction) and are told; pending
 * invitations are withdrawn.
 */
export async function dissolveTeam(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await withTreeLock(ctx.db, user.id, async (tx) => {
    const { folder } = await ownTeamFolder(tx, user, id, 'any');
    const members = (await membersOf(tx, [folder.id])).map((m) => m.user.id);
    await withdrawInvitations(tx, folder.id, null);
    await dropTeamFolder(tx, folder.id);
    await accessEnded(tx, folder, members, 'dissolved');
    await teamChanged(tx, folder);
  });
}

/**
 * `DELETE /api/teams/folders/{id}/leave`: a member leaves; their other tabs and devices close the
 * folder. The owner cannot leave (they dissolve).
 */
export async function leaveTeam(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const folder = await authorizeFolder(tx, userActor(user), 'view', id);
    if (!folder) throw notFound();
    const team = await teamFolderOf(tx, folder.id);
    if (!team) throw notTeamFolder();
    if (team.ownerId === user.id) throw ownerCannotLeave();
    if (!(await leaveTeamFolder(tx, folder.id, user.id))) throw notFound();
    await accessEnded(tx, folder, [user.id], 'left');
    // The owner's and the other members' listings show one avatar less.
    await teamChanged(tx, folder);
  });
}
