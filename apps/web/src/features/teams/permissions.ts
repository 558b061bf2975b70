import type { SourceAction, TeamSourceInfo } from '../files/browser/source';

/**
 * What a team screen lets the user do (ADR 0029): the owner everything; a `can_edit` member adds,
 * renames, moves within and trashes into the owner's trash; a `can_view` member opens and
 * downloads. At the top of a screen the items are team folders themselves, which only their
 * owner renames, moves or trashes. The server decides the same through the access policy.
 */
const EDITOR: ReadonlySet<SourceAction> = new Set(['upload', 'create-folder', 'rename', 'move', 'remove', 'zip']);
const VIEWER: ReadonlySet<SourceAction> = new Set(['zip']);
const OWNER_TOP: ReadonlySet<SourceAction> = new Set(['rename', 'move', 'remove', 'zip', 'favourite']);

export function teamCan(team: Pick<TeamSourceInfo, 'location' | 'folderId' | 'role'>, action: SourceAction): boolean {
  if (team.location === 'team-folders') return team.folderId ? true : OWNER_TOP.has(action);
  if (!team.folderId) return VIEWER.has(action);
  if (team.role === 'owner') return true;
  return (team.role === 'can_edit' ? EDITOR : VIEWER).has(action);
}

/** Whether the user owns the team on screen (owner-only actions: sharing, requests, team editing). */
export const isTeamOwner = (team: Pick<TeamSourceInfo, 'location' | 'role'>): boolean =>
  team.location === 'team-folders' || team.role === 'owner';

/**
 * The menu entries of the file browser, by what each needs on a team screen: an action of the
 * source, `owner` (only the team's owner), or nothing. Entries not listed never show there.
 */
const teamNeeds: Record<string, SourceAction | 'owner' | null> = {
  open: null,
  download: null,
  favourite: 'favourite',
  share: 'owner',
  'request-files': 'owner',
  rename: 'rename',
  move: 'move',
  trash: 'remove',
  'upload-files': 'upload',
  'upload-folder': 'upload',
  'remote-upload': 'upload',
  'new-folder': 'create-folder',
  'team-edit': 'owner',
  'team-dissolve': 'owner',
  'team-leave': null,
};

export function teamAllowsMenuEntry(team: TeamSourceInfo, id: string): boolean {
  if (!(id in teamNeeds)) return false;
  // Upload requests make a folder inside the one on screen: the top of a screen is no folder.
  if (id === 'request-files' && !team.folderId) return false;
  const need = teamNeeds[id];
  if (need === null || need === undefined) return true;
  if (need === 'owner') return isTeamOwner(team);
  return teamCan(team, need);
}
