import { z } from 'zod';
import { avatar, emojiType, looseBoolean, personName, role, themeMode } from './common.js';
import { folderResource } from './files.js';
import {
  countryCode,
  phoneNumber,
  postalCode,
  profileLine,
  TIMEZONE_OFFSETS,
  timezoneOffset,
  type CountryCode,
} from './profile.js';
import { localeCode } from './languages.js';
import { notificationResource } from './realtime.js';

export const restrictions = z.object({
  canUpload: z.boolean(),
  canDownload: z.boolean(),
  canCreateFolder: z.boolean(),
  canCreateTeamFolder: z.boolean(),
  canInviteTeamMembers: z.boolean(),
  /** Whether the user's public share links and upload requests open (metered dunning closes them). */
  canVisitShared: z.boolean(),
  reason: z.string().nullable(),
  /** Metered billing's reason (the restriction bar links to Billing then); null otherwise. */
  reasonCode: z.enum(['limit_usage_in_new_accounts', 'usage_bigger_than_balance', 'failed_payments']).nullable(),
});
export type Restrictions = z.infer<typeof restrictions>;

export const userSettingsAttributes = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  /** The postal address and phone, as invoices print them (reference SettingsResource). */
  address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  /** ISO 3166-1 alpha-2, one of `COUNTRY_CODES`. */
  country: z.string().nullable(),
  phone_number: z.string().nullable(),
  /**
   * One of `TIMEZONE_OFFSETS` (decimal hours): the screens show times at that fixed offset; null
   * means the browser's own zone. Timestamps in responses stay ISO 8601 instants (ADR 0037).
   */
  timezone: z.enum(TIMEZONE_OFFSETS).nullable(),
  theme_mode: themeMode,
  emoji_type: emojiType,
  /** Notifications also arrive by mail (ADR 0026); on unless the user turned it off. */
  mail_notifications: z.boolean(),
  /** The installed language the user reads the app and their mails in; null: the app's default (ADR 0044). */
  language: z.string().nullable(),
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
      /**
       * Metered billing only (else null): this period's usage and cost per meter, the running
       * estimate (`costEstimate` formatted, `amount` in minor units) and the period it covers.
       */
      usages: z
        .object({
          costEstimate: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          period: z.object({ start: z.string(), end: z.string() }),
          meters: z.array(
            z.object({
              key: z.enum(['storage', 'bandwidth', 'member', 'flatFee']),
              /** GB for storage and bandwidth, people for members, 1 for the flat fee. */
              usage: z.number(),
              amount: z.number().int(),
            }),
          ),
        })
        .nullable(),
      /** The metered prepaid balance (null without one). */
      balance: z.object({ amount: z.number().int(), currency: z.string() }).nullable().optional(),
      /**
       * `GET /api/user` only: the newest real-time event id when the record was read. A page's
       * first socket connection names it (`after`), and the server sends what was written since.
       */
      realtime_cursor: z
        .string()
        .regex(/^\d{1,19}$/)
        .optional(),
    }),
  }),
});
export type UserResource = z.infer<typeof userResource>;

/**
 * Preference and profile columns a user may change (POST/PATCH /api/user/settings), each with its
 * own check. Nothing else is writable through the settings call (the reference's gap of writing
 * any column is not copied). An empty string clears an optional field.
 */
export const userSettingFields = {
  theme_mode: themeMode,
  emoji_type: emojiType,
  first_name: personName(100),
  last_name: profileLine(100, 'A name'),
  address: profileLine(255, 'An address'),
  state: profileLine(100, 'A state or region'),
  city: profileLine(100, 'A city'),
  postal_code: postalCode,
  country: countryCode,
  phone_number: phoneNumber,
  timezone: timezoneOffset,
  mail_notifications: looseBoolean,
  /** An installed language's locale (checked against the installed ones by the server); empty: the app's default. */
  language: z.union([z.literal(''), localeCode], { error: 'Choose a language from the list.' }),
} as const;
type SettingFields = typeof userSettingFields;
export type UserSettingName = keyof SettingFields;
export const userSettingNames = Object.keys(userSettingFields) as UserSettingName[];

/** A checked update: the name and its value as stored ('' still meaning "clear"). */
export type UserSettingUpdate = {
  [K in UserSettingName]: { name: K; value: z.output<SettingFields[K]> };
}[UserSettingName];
/** What a client may send for each name. */
export type UserSettingInput = {
  [K in UserSettingName]: { name: K; value: z.input<SettingFields[K]> };
}[UserSettingName];
export type { CountryCode };

/**
 * The settings call's body: `{name, value}` (plus the reference's `_method`, ignored). A name off
 * the list is refused under `name`; a bad value is refused under the field's own name (so a
 * form can show the message beside that field), both 422 `validation.failed`.
 */
export const userSettingUpdate = z
  .object({
    name: z.enum(userSettingNames as [UserSettingName, ...UserSettingName[]], {
      error: (issue) => `You typed the invalid '${String(issue.input)}' name parameter.`,
    }),
    // Checked by the named field's own rule below, so that its error is filed under that name.
    value: z.unknown().meta({ description: 'Text for most fields; a boolean for mail_notifications.' }),
  })
  .transform((body, ctx): UserSettingUpdate => {
    const parsed = (userSettingFields[body.name] as z.ZodType).safeParse(body.value);
    if (parsed.success) return { name: body.name, value: parsed.data } as UserSettingUpdate;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: [body.name] });
    return z.NEVER;
  });
