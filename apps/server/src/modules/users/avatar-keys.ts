import type { UserRow } from './users.table.js';

/** The three square sizes of an avatar (spec §3), in pixels. */
export const AVATAR_SIZES = { xs: 42, sm: 60, md: 160 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;
export const avatarSizeNames = Object.keys(AVATAR_SIZES) as AvatarSize[];

/**
 * Where one size of an avatar set lives in storage. `users.avatar_key` holds the set's random id
 * (a fresh one per upload), so a replaced set never shares a key or a URL with the new one.
 */
export const avatarBlobKey = (userId: string, setId: string, size: AvatarSize) =>
  `avatars/${userId}/${setId}-${size}.webp`;

export const avatarBlobKeys = (userId: string, setId: string) =>
  avatarSizeNames.map((size) => avatarBlobKey(userId, setId, size));

/** The URLs of a user's avatar (served to any signed-in user), or null when they have none. */
export function avatarUrls(user: Pick<UserRow, 'id' | 'avatarKey'>): Record<AvatarSize, string> | null {
  if (!user.avatarKey) return null;
  const url = (size: AvatarSize) => `/api/avatars/${user.id}/${user.avatarKey}/${size}`;
  return { xs: url('xs'), sm: url('sm'), md: url('md') };
}
