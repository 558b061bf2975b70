import type {
  ConvertTeamFolderRequest,
  CreateTeamFolderRequest,
  MessageResponse,
  TeamBrowseResponse,
  TeamFolderResource,
  TeamInvitationResponse,
  UpdateTeamFolderRequest,
} from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../lib/api';
import { filesKeys, type Sorting } from '../files/query-keys';
import { refreshFiles } from '../files/refresh';

export type TeamLocation = 'team-folders' | 'shared-with-me';
export type TeamFolder = TeamFolderResource['data'];

/** Under ['files'], so every change to files (and `items.changed`) refreshes the team screens too. */
export const teamKeys = {
  browse: (location: TeamLocation, folderId: string | null, sorting: Sorting) =>
    [...filesKeys.all, location, folderId ?? 'all', sorting.field, sorting.direction] as const,
  /** The team folder with its members and invitations, for the update popup. */
  team: (id: string) => [...filesKeys.all, 'team-folders', id, 'team'] as const,
  tops: (location: TeamLocation) => [...filesKeys.all, location, 'all', 'tops'] as const,
  invitation: (id: string) => ['team-invitation', id] as const,
};

export const teamListingPath = (location: TeamLocation, folderId: string | null) =>
  location === 'team-folders'
    ? `/api/teams/folders/${folderId ?? 'all'}`
    : `/api/teams/shared-with-me/${folderId ?? 'all'}`;

/** The team folders at the top of a screen (the navigator lists them). */
export function useTeamTops(location: TeamLocation, enabled = true) {
  return useQuery({
    queryKey: teamKeys.tops(location),
    queryFn: async () => (await api.get<TeamBrowseResponse>(`${teamListingPath(location, null)}?per_page=200`)).data,
    staleTime: 30_000,
    enabled,
  });
}

/** A team folder with its people (meta.teamFolder of its listing): what the update popup edits. */
export function useTeam(id: string) {
  return useQuery({
    queryKey: teamKeys.team(id),
    queryFn: async () => {
      const { meta } = await api.get<TeamBrowseResponse>(`/api/teams/folders/${encodeURIComponent(id)}?per_page=1`);
      if (!meta.teamFolder) throw new Error('Not a team folder');
      return meta.teamFolder;
    },
    staleTime: 0,
  });
}

function useTeamMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshFiles(client) });
}

export function useCreateTeamFolder() {
  return useTeamMutation(async (body: CreateTeamFolderRequest) =>
    api.post<TeamFolderResource>('/api/teams/folders', body),
  );
}

export function useConvertTeamFolder() {
  return useTeamMutation(async ({ id, ...body }: ConvertTeamFolderRequest & { id: string }) =>
    api.post<TeamFolderResource>(`/api/teams/folders/${encodeURIComponent(id)}/convert`, body),
  );
}

export function useUpdateTeamFolder() {
  return useTeamMutation(async ({ id, ...body }: UpdateTeamFolderRequest & { id: string }) =>
    request<TeamFolderResource>('PATCH', `/api/teams/folders/${encodeURIComponent(id)}`, { body }),
  );
}

export function useDissolveTeam() {
  return useTeamMutation((id: string) =>
    request<MessageResponse>('DELETE', `/api/teams/folders/${encodeURIComponent(id)}`),
  );
}

export function useLeaveTeam() {
  return useTeamMutation((id: string) =>
    request<MessageResponse>('DELETE', `/api/teams/folders/${encodeURIComponent(id)}/leave`),
  );
}

export const fetchInvitation = (id: string) =>
  api.get<TeamInvitationResponse>(`/api/teams/invitations/${encodeURIComponent(id)}`, { ignoreUnauthorised: true });
