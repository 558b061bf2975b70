export { filesRoutes } from './files.routes.js';
export { favouriteFolders } from './favourites.repository.js';
export {
  authorize,
  authorizeContents,
  authorizeFolder,
  authorizeOne,
  scopeIn,
  can,
  homeOf,
  presentingFor,
  presentingForViewer,
  requireCapability,
  scopeOf,
  visibleLiveItems,
  type Action,
  type Actor,
  type LinkActor,
  type LoadedFolder,
  type LoadedItem,
  type UserActor,
} from './access.js';
export {
  assertRoomBelow,
  countAddedFiles,
  ensureFolderPath,
  filesInTrashedFolders,
  insertFilesAsAsked,
  insertItem,
  selectedAncestors,
  type NewFile,
} from './items.repository.js';
export {
  presentItem,
  type ExtraRelationships,
  type ItemUrls,
  type PresentContext,
  type RelationshipLoader,
} from './item.presenter.js';
export {
  browseFolder,
  browseLoadedFolder,
  createFolderAs,
  listing,
  moveAs,
  navigationLevelOf,
  navigationOf,
  removeAs,
  renameAs,
} from './handlers.js';
export { filteredPhase } from './browse.repository.js';
export { subtreeFolderTree } from './navigation.js';
export { createFolder } from './organise.usecases.js';
export type { KeyedRow, Phase } from './paging.js';
export { withTreeLock } from './tree.js';
export { publishItemsChanged } from './items-changed.js';
export { thumbnailKey, thumbnailKeys, thumbnailSizeNames, type ThumbnailSize } from './blob-keys.js';
export { categoryFor } from './categories.js';
export { extensionOf, nameWithSuffix } from './names.js';
export type { ItemRow } from './items.table.js';
export {
  addTeamMember,
  dropTeamFolder,
  enclosingTeamColumn,
  grantTeamFolder,
  leaveTeamFolder,
  memberEmailsAmong,
  memberTeamFoldersWhere,
  membersOf,
  membershipOf,
  ownedTeamFoldersWhere,
  removeTeamMembers,
  setTeamPermission,
  teamAmong,
  teamFolderBelow,
  teamFolderColumn,
  teamFolderOf,
  teamFoldersOwnedBy,
  teamMembersOf,
  teamOwnersForUploads,
  teamPeopleEmailsOf,
  teamsAbove,
  type MemberWithUser,
  type TeamOf,
  type TeamRef,
} from './teams.repository.js';
export {
  claimPendingImages,
  markThumbnailsFailed,
  markThumbnailsReady,
  recordThumbnailFailure,
  type ClaimedImage,
} from './thumbnail-status.repository.js';
export { countLiveFilesBelow, liveTrees, namesOf, type TreeRow } from './trees.repository.js';
export {
  countItemsOwnedBy,
  deleteItemsOwnedBy,
  fileBlobsOf,
  fileBytesByCategory,
  fileBytesByCategoryOfAll,
  storedFileBlobsCount,
} from './owned-items.repository.js';
export {
  selectJoinedToItem,
  selectWithFolderName,
  selectWithItem,
  selectWithLiveTeamFolder,
  selectWithTeamFolder,
} from './joined-items.js';
export { folderCreationRestricted } from './files.errors.js';
