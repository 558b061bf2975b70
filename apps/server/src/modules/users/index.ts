export {
  insertUser,
  findUserByEmail,
  findUserById,
  adminExists,
  countUsers,
  fullName,
  updateUser,
  replacePasswordHash,
} from './users.repository.js';
export { presentUser } from './user.presenter.js';
export {
  mayAddTeamMembers,
  restrictionsFor,
  storageCapacity,
  storageLimited,
  teamMemberLimit,
} from './entitlements.js';
export { users, type UserRow } from './users.table.js';
export {
  AVATAR_SIZES,
  avatarBlobKey,
  avatarBlobKeys,
  avatarSizeNames,
  avatarUrls,
  type AvatarSize,
} from './avatar-keys.js';
export {
  accountStatus,
  activeAccountSql,
  isActiveAccount,
  ownerUnavailable,
  ownerRestricted,
  type AccountStatus,
} from './account-state.js';
