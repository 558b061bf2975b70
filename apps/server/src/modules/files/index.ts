export { filesRoutes } from './files.routes.js';
export { favouriteFolders } from './favourites.repository.js';
export {
  authorize,
  authorizeContents,
  authorizeFolder,
  authorizeMove,
  authorizeOne,
  lockTreesOf,
  scopeIn,
  visibleLiveItemsWithTeams,
  can,
  homeOf,
  presentingFor,
  presentingForViewer,
  requireCapability,
  scopeOf,
  visibleLiveItems,
  visibleTrashTops,
  type Action,
  type Actor,
  type ItemState,
  type LinkActor,
  type LinkGrant,
  type LoadedFolder,
  type LoadedItem,
  type Scope,
  type UserActor,
} from './access.js';
export {
  adjustChildCounts,
  adjustStorageUsed,
  assertRoomBelow,
  countAddedFiles,
  ensureFolderPath,
  filesInTrashedFolders,
  folderPath,
  insertFilesAsAsked,
  insertItem,
  notInTrashedFolder,
  selectedAncestors,
  type NewFile,
} from './items.repository.js';
export {
  presentItem,
  presentItems,
  ownerUrls,
  type ExtraRelationships,
  type ItemUrls,
  type PresentContext,
  type PresentOptions,
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
export { readPage, type KeyedRow, type Phase } from './paging.js';
export { withTreeLock, withTreeLockFor } from './tree.js';
export { publishItemsChanged } from './items-changed.js';
export { thumbnailKey, thumbnailKeys, thumbnailSizeNames, type ThumbnailSize } from './blob-keys.js';
export { categoryFor } from './categories.js';
export { allocateNames, extensionOf, nameWithSuffix, retryOnNameClash } from './names.js';
export { items, favourites, type ItemRow } from './items.table.js';
export { teamFolders, teamMembers, type TeamFolderRow, type TeamMemberRow } from './teams.table.js';
export { folderCreationRestricted, folderTooDeep } from './files.errors.js';
