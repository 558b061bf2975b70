import { z } from 'zod';
import { email, emojiType, subscriptionType, themeMode } from '@filestore/contract';
import { billingSettings } from './billing-settings.js';
import { homepageSettings, adsenseSettings } from './site-settings.js';
import { appImageName, appUrlSetting, blockedTypeList, googleAnalyticsId } from './setting-types.js';

/**
 * Every setting the product knows, with its type and default (reference §16). Unknown names are
 * refused, so a typo never silently creates a dead key.
 */
export const settingsRegistry = {
  setup_wizard_success: { schema: z.boolean(), default: false },
  app_key: { schema: z.string().min(32), default: '', secret: true },
  app_url: { schema: appUrlSetting, default: '' },
  app_title: { schema: z.string().min(1).max(100), default: 'FileStore' },
  app_description: { schema: z.string().max(500), default: 'Your files, safely stored and easy to share.' },
  app_color: { schema: z.string().regex(/^#[0-9a-fA-F]{6}$/), default: '#00BC7E' },
  /** Appearance images: the file name of the drawn image, set only by POST /api/admin/settings/images/{key}. */
  app_logo: { schema: appImageName.nullable(), default: null, image: true },
  app_logo_dark: { schema: appImageName.nullable(), default: null, image: true },
  app_logo_horizontal: { schema: appImageName.nullable(), default: null, image: true },
  app_logo_horizontal_dark: { schema: appImageName.nullable(), default: null, image: true },
  app_favicon: { schema: appImageName.nullable(), default: null, image: true },
  app_og_image: { schema: appImageName.nullable(), default: null, image: true },
  app_touch_icon: { schema: appImageName.nullable(), default: null, image: true },
  contact_email: { schema: email.nullable(), default: null },
  /** A Google tag id (G-…, GT-…, AW-…) or a Universal Analytics one (UA-…-…). */
  google_analytics: { schema: googleAnalyticsId.nullable(), default: null },
  registration: { schema: z.boolean(), default: true },
  user_verification: { schema: z.boolean(), default: false },
  storage_limitation: { schema: z.boolean(), default: true },
  /** Gigabytes (decimal) per user when storage limitation is on. */
  default_max_storage_amount: { schema: z.number().int().min(1).max(1_000_000), default: 5 },
  /** -1: no limit. */
  default_max_team_member: { schema: z.number().int().min(-1).max(10_000), default: 10 },
  subscription_type: { schema: subscriptionType, default: 'none' as const },
  /** Megabytes (decimal); 0 means no limit. */
  upload_limit: { schema: z.number().int().min(0).max(10_000_000), default: 0 },
  /**
   * Megabytes (decimal). At least 6 MB: chunks become S3 multipart parts, and every part but the
   * last must be at least 5 MiB (ADR 0004).
   */
  chunk_size: { schema: z.number().int().min(6).max(512), default: 64 },
  /** Extensions or MIME types (or either half of one) refused on upload (uploads/upload-policy.ts). */
  mimetypes_blacklist: { schema: blockedTypeList, default: [] as string[] },
  allow_homepage: { schema: z.boolean(), default: true },
  language: { schema: z.string().min(2).max(10), default: 'en' },
  default_theme_mode: { schema: themeMode, default: 'system' as const },
  default_emoji: { schema: emojiType, default: 'twemoji' as const },
  allowed_payments: { schema: z.boolean(), default: false },
  allowed_stripe: { schema: z.boolean(), default: false },
  allowed_paypal: { schema: z.boolean(), default: false },
  allowed_paystack: { schema: z.boolean(), default: false },
  allowed_facebook_login: { schema: z.boolean(), default: false },
  allowed_google_login: { schema: z.boolean(), default: false },
  allowed_github_login: { schema: z.boolean(), default: false },
  allowed_recaptcha: { schema: z.boolean(), default: false },
  /**
   * Sign-in providers (issue 15 point 6) and the human check (point 7). A `sealed` setting holds a
   * secret the administrator types: stored sealed under the app key (`sealSetting`), readable only
   * through `openSealedSetting`, and shown to the admin API as whether it is set, never its value.
   */
  google_client_id: { schema: z.string().max(500).nullable(), default: null },
  google_client_secret: { schema: z.string().nullable(), default: null, sealed: true },
  facebook_client_id: { schema: z.string().max(500).nullable(), default: null },
  facebook_client_secret: { schema: z.string().nullable(), default: null, sealed: true },
  github_client_id: { schema: z.string().max(500).nullable(), default: null },
  github_client_secret: { schema: z.string().nullable(), default: null, sealed: true },
  /** reCAPTCHA v3: the site key the page uses, the secret the server verifies with, the lowest score let through. */
  recaptcha_client_id: { schema: z.string().max(500).nullable(), default: null },
  recaptcha_client_secret: { schema: z.string().nullable(), default: null, sealed: true },
  recaptcha_min_score: { schema: z.number().min(0).max(1), default: 0.5 },
  /** The homepage's sections and the ads (issue 16 points 4 and 6): `site-settings.ts`. */
  ...homepageSettings,
  ...adsenseSettings,
  /** Payments, invoices' seller and metered dunning (issue 17): `billing-settings.ts`. */
  ...billingSettings,
} as const;

export type SettingName = keyof typeof settingsRegistry;
export type SettingValue<K extends SettingName> = z.infer<(typeof settingsRegistry)[K]['schema']>;
export type Settings = { [K in SettingName]: SettingValue<K> };

export type SealedSettingName = {
  [K in SettingName]: (typeof settingsRegistry)[K] extends { sealed: true } ? K : never;
}[SettingName];

export const isSealedSetting = (name: string): name is SealedSettingName =>
  isSettingName(name) && 'sealed' in settingsRegistry[name];

export type ImageSettingName = {
  [K in SettingName]: (typeof settingsRegistry)[K] extends { image: true } ? K : never;
}[SettingName];

export const isSettingName = (name: string): name is SettingName => Object.hasOwn(settingsRegistry, name);

export const isImageSetting = (name: string): name is ImageSettingName =>
  isSettingName(name) && 'image' in settingsRegistry[name];

export const imageSettingNames = Object.keys(settingsRegistry).filter(isImageSetting);

export function defaultSettings(): Settings {
  return Object.fromEntries(Object.entries(settingsRegistry).map(([k, v]) => [k, v.default])) as Settings;
}
