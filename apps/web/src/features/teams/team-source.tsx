import type { TeamFolderResource } from '@filestore/contract';
import { useMemo, type ReactNode } from 'react';
import { create } from 'zustand';
import { useLocation } from '../../app/routing';
import { accountSource, FilesSourceProvider, type FilesSource, type TeamSourceInfo } from '../files/browser/source';
import type { Sorting } from '../files/query-keys';
import { teamCan } from './permissions';
import { teamKeys, teamListingPath, type TeamLocation } from './teams.api';

interface TeamView {
  location: TeamLocation | null;
  /** The folder whose listing said what follows (null: the top of the screen). */
  folderId: string | null;
  teamFolder: TeamFolderResource | null;
  /** Folders known to lie in that team (its path and listed folders): opening one keeps the role. */
  known: ReadonlySet<string>;
  set: (view: Omit<TeamView, 'set'>) => void;
}

/** What the team listing on screen said about its team (meta.teamFolder), for the whole shell. */
export const useTeamView = create<TeamView>((set) => ({
  location: null,
  folderId: null,
  teamFolder: null,
  known: new Set(),
  set: (view) => set(view),
}));

const TEAM_PATH = /^\/platform\/(team-folders|shared-with-me)(?:\/([^/]+))?\/?$/;

/** The team screen of a path, if it is one: which, and the folder's id. */
export function teamPlace(pathname: string): { location: TeamLocation; folderId: string | null } | null {
  const match = TEAM_PATH.exec(pathname);
  if (!match) return null;
  return { location: match[1] as TeamLocation, folderId: match[2] ? decodeURIComponent(match[2]) : null };
}

export const teamFolderPath = (location: TeamLocation, id: string | null) =>
  id ? `/platform/${location}/${encodeURIComponent(id)}` : `/platform/${location}`;

/**
 * The signed-in user's calls, read through a team screen: the listings of `/api/teams/…`, the
 * routes of the screen, and what the role allows. Everything else (upload, create, rename, move,
 * trash, zip) are the account's own calls: the access policy decides them by the ids.
 */
export function teamSource(team: TeamSourceInfo): FilesSource {
  const { location } = team;
  return {
    ...accountSource,
    root: { id: null, name: null },
    can: (action) => teamCan(team, action),
    folderPath: (id) => teamFolderPath(location, id),
    endpoints: { ...accountSource.endpoints, listing: (folderId) => teamListingPath(location, folderId) },
    keys: {
      browse: (folderId: string | null, sorting: Sorting) => teamKeys.browse(location, folderId, sorting),
      navigation: accountSource.keys.navigation,
    },
    ownerName:
      team.teamFolder?.data.relationships.members.data.find((m) => m.data.attributes.permission === 'owner')?.data
        .attributes.name ?? null,
    team,
  };
}

/** The role of the user on a team screen, from the listing on screen (or the one they came from). */
function roleOf(place: { location: TeamLocation; folderId: string | null }, view: TeamView) {
  if (place.location === 'team-folders') return { role: 'owner' as const, teamFolder: sameTeam(place, view) };
  const teamFolder = sameTeam(place, view);
  return { role: place.folderId ? (teamFolder?.meta.role ?? null) : null, teamFolder };
}

function sameTeam(place: { location: TeamLocation; folderId: string | null }, view: TeamView) {
  if (!place.folderId || view.location !== place.location) return null;
  if (view.folderId === place.folderId || view.known.has(place.folderId)) return view.teamFolder;
  return null;
}

/**
 * Wraps the signed-in shell: on `/platform/team-folders` and `/platform/shared-with-me` the header,
 * listing, popups, uploads and preview all use the team source; elsewhere the account's.
 */
export function TeamSourceProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const place = teamPlace(pathname);
  const view = useTeamView();
  const { role, teamFolder } = place ? roleOf(place, view) : { role: null, teamFolder: null };
  const location = place?.location ?? null;
  const folderId = place?.folderId ?? null;
  const source = useMemo(
    () => (location ? teamSource({ location, folderId, role, teamFolder }) : null),
    [location, folderId, role, teamFolder],
  );
  // Always a provider, so moving between Files and a team screen never remounts the shell's content.
  return <FilesSourceProvider source={source ?? accountSource}>{children}</FilesSourceProvider>;
}
