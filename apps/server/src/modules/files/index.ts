export { filesRoutes } from './files.routes.js';
export { favouriteFolders } from './favourites.repository.js';
export { withTreeLock } from './tree.js';
export {
  loadFolder,
  loadItem,
  loadItems,
  ownerOf,
  scopeOf,
  urlsOf,
  viewerOf,
  type Actor,
  type ItemState,
  type LinkGrant,
  type Scope,
} from './access.js';
export {
  adjustChildCounts,
  adjustStorageUsed,
  ensureFolderPath,
  folderPath,
  idsWithinSubtree,
  insertItem,
  selectedAncestors,
} from './items.repository.js';
export { presentItem, presentItems, ownerUrls, type ItemUrls } from './item.presenter.js';
export { categoryFor } from './categories.js';
export { allocateNames, extensionOf, nameWithSuffix, retryOnNameClash } from './names.js';
export { items, favourites, type ItemRow } from './items.table.js';
export { folderCreationRestricted } from './files.errors.js';
