import { createContext, useContext, type ReactNode } from 'react';
import { accountUploads, type ChunkDestination } from '../../../lib/upload';
import { folderPath } from '../items';
import type { TeamFolderResource, TeamRole } from '@filestore/contract';
import { filesKeys, type Sorting } from '../query-keys';

/** What a source may let its holder do beyond opening, previewing and downloading single files. */
export type SourceAction = 'upload' | 'create-folder' | 'rename' | 'move' | 'remove' | 'zip' | 'favourite';

/**
 * A signed-in user's team screens (ADR 0029): Team Folders (their own team folders, where they are
 * the owner) or Shared with Me (folders others made them a member of).
 */
export interface TeamSourceInfo {
  location: 'team-folders' | 'shared-with-me';
  /** The folder on screen; null at the top, where the team folders themselves are listed. */
  folderId: string | null;
  /** The user's role in the team on screen; null at the top of Shared with Me and while unknown. */
  role: TeamRole | null;
  /** The team folder on screen (with its members), once its listing said. */
  teamFolder: TeamFolderResource | null;
}

/** The calls of one place files are seen from (paths without query strings). */
export interface SourceEndpoints {
  listing: (folderId: string | null) => string;
  navigation: string;
  /** One level of the tree (ADR 0072): the folders directly in a folder (null: the source's top). */
  navigationLevel: (parentId: string | null) => string;
  /** The section of the navigation answer that holds this source's tree. */
  navigationLocation: 'files' | 'public' | 'upload-request';
  createFolder: string;
  rename: (id: string) => string;
  move: string;
  remove: string;
  /** Zips (`?items=` is added); null where archives aren't offered. */
  zip: string | null;
  upload: ChunkDestination;
  /** Remote upload (spec §2 remote-upload popup): where a batch starts, and its status. */
  remoteUpload: { start: string; status: (batchId: string) => string };
}

/**
 * Where the file browser's items come from and where its changes go: the signed-in user's own
 * files, or a share link or upload request seen by someone holding the link. The browser, the
 * popups, uploads, downloads and the preview read it, so one set of components serves every page.
 */
export interface FilesSource {
  kind: 'account' | 'share' | 'request';
  /** The top folder: null id is the root of My Files; a null name means "My Files". */
  root: { id: string | null; name: string | null; color?: string | null; emoji?: string | null };
  can: (action: SourceAction) => boolean;
  /** The route that shows a folder (null: the top). */
  folderPath: (id: string | null) => string;
  endpoints: SourceEndpoints;
  keys: {
    browse: (folderId: string | null, sorting: Sorting) => readonly unknown[];
    navigation: readonly unknown[];
  };
  /** The owner's name, for sentences like "moves to Jane's trash" (links only). */
  ownerName: string | null;
  /** A listing or a change answered that the link itself stopped working (expired, locked, revoked). */
  onLinkError?: (error: unknown) => void;
  /** Set on the team screens: which one, and the user's role there. */
  team?: TeamSourceInfo;
}

/**
 * Whether the signed-in user's own restrictions (spec §3 meta.restrictions) decide before a call:
 * not through a link (the owner's apply, and the server says so), nor inside someone else's team
 * folder, where what is added counts to its owner.
 */
export function ownRestrictionsApply(source: FilesSource): boolean {
  return source.kind === 'account' && source.team?.location !== 'shared-with-me';
}

export const accountSource: FilesSource = {
  kind: 'account',
  root: { id: null, name: null },
  can: () => true,
  folderPath,
  endpoints: {
    listing: (folderId) => `/api/browse/folders/${folderId ?? 'all'}`,
    navigation: '/api/browse/navigation',
    navigationLevel: (parentId) => `/api/browse/navigation/${parentId ?? 'all'}`,
    navigationLocation: 'files',
    createFolder: '/api/create-folder',
    rename: (id) => `/api/rename/${id}`,
    move: '/api/move',
    remove: '/api/remove',
    zip: '/api/zip',
    upload: accountUploads,
    remoteUpload: { start: '/api/upload/remote', status: (id) => `/api/upload/remote/${id}` },
  },
  keys: { browse: filesKeys.browse, navigation: filesKeys.navigation },
  ownerName: null,
};

const FilesSourceContext = createContext<FilesSource>(accountSource);

/** The signed-in screens have no provider: they get the account. Link pages wrap their tree in one. */
export function FilesSourceProvider({ source, children }: { source: FilesSource; children: ReactNode }) {
  return <FilesSourceContext.Provider value={source}>{children}</FilesSourceContext.Provider>;
}

export function useFilesSource(): FilesSource {
  return useContext(FilesSourceContext);
}
