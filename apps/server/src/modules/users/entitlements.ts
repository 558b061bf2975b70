import type { Restrictions } from '@filestore/contract';
import { GB } from '../../lib/format.js';
import type { Settings } from '../settings/index.js';
import type { UserRow } from './users.table.js';

/** Capacity in bytes, or null when storage is unlimited. */
export function storageCapacity(user: Pick<UserRow, 'storageCapacity'>, settings: Settings): number | null {
  if (!settings.storage_limitation) return null;
  return user.storageCapacity ?? settings.default_max_storage_amount * GB;
}

/**
 * The one place that decides what a user may do now. Today only the storage limit restricts;
 * billing joins through this function later, so callers never look at plans themselves.
 */
export function restrictionsFor(
  user: Pick<UserRow, 'storageCapacity' | 'storageUsed'>,
  settings: Settings,
): Restrictions {
  const capacity = storageCapacity(user, settings);
  const full = capacity !== null && user.storageUsed >= capacity;
  return {
    canUpload: !full,
    canDownload: true,
    canCreateFolder: true,
    canCreateTeamFolder: true,
    canInviteTeamMembers: true,
    reason: full ? 'You have reached your storage capacity. Free up space to upload again.' : null,
  };
}
