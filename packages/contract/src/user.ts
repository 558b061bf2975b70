import { z } from 'zod';
import { avatar, CONTROL_CHARACTERS, emojiType, looseBoolean, personName, role, themeMode } from './common.js';
import { folderResource } from './files.js';
import { notificationResource } from './realtime.js';

export const restrictions = z.object({
  canUpload: z.boolean(),
  canDownload: z.boolean(),
  canCreateFolder: z.boolean(),
  canCreateTeamFolder: z.boolean(),
  canInviteTeamMembers: z.boolean(),
  reason: z.string().nullable(),
});
export type Restrictions = z.infer<typeof restrictions>;

export const userSettingsAttributes = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  timezone: z.string().nullable(),
  theme_mode: themeMode,
  emoji_type: emojiType,
  /** Notifications also arrive by mail (ADR 0026); on unless the user turned it off. */
  mail_notifications: z.boolean(),
});

/**
 * The newest few read or unread notifications (ADR 0026: at most `USER_NOTIFICATIONS_LISTED`),
 * and how many there are, counted up to `NOTIFICATIONS_COUNT_CAP` (`capped` when there are more):
 * enough for the bell's badge without an unbounded list on every `GET /api/user`. The panel
 * pages through all of them with `GET /api/notifications`.
 */
export const userNotifications = z.object({
  data: z.array(notificationResource),
  meta: z.object({ count: z.number().int(), capped: z.boolean() }),
});
export type UserNotifications = z.infer<typeof userNotifications>;

export const userResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('user'),
    attributes: z.object({
      role,
      name: z.string(),
      email: z.string(),
      avatar: avatar.nullable(),
      color: z.string(),
      email_verified_at: z.string().nullable(),
      /** A two-factor secret exists (maybe not confirmed yet: then sign-in does not ask for a code). */
      two_factor_authentication: z.boolean(),
      /** When two-factor sign-in was confirmed; while set, signing in asks for a code. */
      two_factor_confirmed_at: z.string().nullable(),
      socialite_account: z.boolean(),
      storage: z.object({
        used: z.number(),
        used_formatted: z.string(),
        capacity: z.number().nullable(),
        capacity_formatted: z.string().nullable(),
        percentage: z.number().nullable(),
      }),
      created_at: z.string(),
      updated_at: z.string(),
    }),
    relationships: z.object({
      settings: z.object({
        data: z.object({ id: z.string(), type: z.literal('settings'), attributes: userSettingsAttributes }),
      }),
      /** The user's live favourite folders, by name. */
      favourites: z.object({ data: z.array(folderResource) }),
      readNotifications: userNotifications,
      unreadNotifications: userNotifications,
    }),
    meta: z.object({
      restrictions,
      limitations: z.object({
        max_storage_amount: z.object({ total: z.number().nullable() }),
        max_team_members: z.object({
          total: z.number().int(),
          meta: z.object({ allowed_emails: z.array(z.string()) }),
        }),
      }),
      usages: z.object({ costEstimate: z.string() }).nullable(),
    }),
  }),
});
export type UserResource = z.infer<typeof userResource>;

/** Preference and profile columns a user may change (POST/PATCH /api/user/settings). */
export const userSettingUpdate = z.discriminatedUnion('name', [
  z.object({ name: z.literal('theme_mode'), value: themeMode }),
  z.object({ name: z.literal('emoji_type'), value: emojiType }),
  z.object({ name: z.literal('first_name'), value: personName(100) }),
  z.object({
    name: z.literal('last_name'),
    value: z
      .string()
      .trim()
      .max(100)
      .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'A name cannot contain control characters.' }),
  }),
  z.object({ name: z.literal('timezone'), value: z.string().trim().max(64) }),
  z.object({ name: z.literal('mail_notifications'), value: looseBoolean }),
]);
export type UserSettingUpdate = z.infer<typeof userSettingUpdate>;
export const userSettingNames = [
  'theme_mode',
  'emoji_type',
  'first_name',
  'last_name',
  'timezone',
  'mail_notifications',
] as const;
