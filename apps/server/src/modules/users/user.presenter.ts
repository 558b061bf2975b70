import { timezoneOffsetOf, type FolderResource, type UserNotifications, type UserResource } from '@filestore/contract';
import { formatBytes } from '../../lib/format.js';
import type { Settings } from '../settings/index.js';
import { avatarUrls } from './avatar-keys.js';
import { restrictionsFor, storageCapacity, teamMemberLimit } from './entitlements.js';
import { fullName } from './users.repository.js';
import type { UserRow } from './users.table.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const noNotifications: UserNotifications = { data: [], meta: { count: 0, capped: false } };

/**
 * `favourites`: the user's live starred folders (files module); `notifications`: their newest
 * read and unread ones with counts (notifications module); `teamEmails`: the emails counted
 * against their team member limit (teams module). Left out where they are not needed.
 */
export function presentUser(
  user: UserRow,
  settings: Settings,
  favourites: FolderResource[] = [],
  notifications: { read: UserNotifications; unread: UserNotifications } = {
    read: noNotifications,
    unread: noNotifications,
  },
  teamEmails?: readonly string[],
): UserResource {
  const capacity = storageCapacity(user, settings);
  const name = fullName(user);
  return {
    data: {
      id: user.id,
      type: 'user',
      attributes: {
        role: user.role,
        name,
        email: user.email,
        avatar: avatarUrls(user),
        color: user.color,
        email_verified_at: iso(user.emailVerifiedAt),
        two_factor_authentication: user.twoFactorSecret !== null,
        two_factor_confirmed_at: iso(user.twoFactorConfirmedAt),
        socialite_account: user.passwordHash === null,
        storage: {
          used: user.storageUsed,
          used_formatted: formatBytes(user.storageUsed),
          capacity,
          capacity_formatted: capacity === null ? null : formatBytes(capacity),
          percentage: capacity ? Math.min(100, Math.round((user.storageUsed / capacity) * 10_000) / 100) : null,
        },
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
      },
      relationships: {
        settings: {
          data: {
            id: user.id,
            type: 'settings',
            attributes: {
              first_name: user.firstName,
              last_name: user.lastName,
              name,
              address: user.address,
              state: user.state,
              city: user.city,
              postal_code: user.postalCode,
              country: user.country,
              phone_number: user.phoneNumber,
              // A value written before the list was enforced reads as "not chosen".
              timezone: timezoneOffsetOf(user.timezone),
              theme_mode: user.themeMode,
              emoji_type: user.emojiType,
              mail_notifications: user.mailNotifications,
              language: user.language,
            },
          },
        },
        favourites: { data: favourites },
        readNotifications: notifications.read,
        unreadNotifications: notifications.unread,
      },
      meta: {
        restrictions: restrictionsFor(user, settings, teamEmails),
        limitations: {
          max_storage_amount: { total: capacity },
          max_team_members: {
            // The limit that applies now: -1 whenever nothing limits (not a fixed plan).
            total: teamMemberLimit(user, settings),
            meta: { allowed_emails: [...(teamEmails ?? [])] },
          },
        },
        usages: null,
      },
    },
  };
}
