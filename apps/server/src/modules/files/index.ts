export { filesRoutes } from './files.routes.js';
export { favouriteFolders } from './favourites.repository.js';
export {
  assertKeepsLinkRoot,
  loadFolder,
  loadItem,
  loadItems,
  ownerOf,
  presentingFor,
  scopeOf,
  urlsOf,
  viewerOf,
  type Actor,
  type ItemState,
  type LinkGrant,
  type LoadedItem,
  type Scope,
} from './access.js';
export {
  adjustChildCounts,
  adjustStorageUsed,
  assertRoomBelow,
  ensureFolderPath,
  filesInTrashedFolders,
  folderPath,
  idsWithinSubtree,
  insertItem,
  notInTrashedFolder,
  selectedAncestors,
} from './items.repository.js';
export {
  presentItem,
  presentItems,
  ownerUrls,
  registerRelationshipLoader,
  type ExtraRelationships,
  type ItemUrls,
  type PresentOptions,
  type RelationshipLoader,
} from './item.presenter.js';
export { browseFolder, createFolderAs, listing, moveAs, navigationOf, removeAs, renameAs } from './handlers.js';
export { readPage, type KeyedRow, type Phase } from './paging.js';
export { withTreeLock } from './tree.js';
export { categoryFor } from './categories.js';
export { allocateNames, extensionOf, nameWithSuffix, retryOnNameClash } from './names.js';
export { items, favourites, type ItemRow } from './items.table.js';
export { folderCreationRestricted, folderTooDeep } from './files.errors.js';
