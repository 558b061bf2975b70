import { z } from 'zod';
import { emojiType, subscriptionType, themeMode } from './common.js';
import { legalPageLink } from './pages.js';
import { broadcastingConfig } from './realtime.js';
import { bulkUploadConfig } from './bulk-upload.js';

export const statusCheck = z.object({
  node: z.object({ current: z.string(), minimal: z.string(), ok: z.boolean() }),
  dataDir: z.object({ path: z.string(), writable: z.boolean() }),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    message: z.string().nullable(),
  }),
  storage: z.object({ driver: z.enum(['local', 's3']), writable: z.boolean(), message: z.string().nullable() }),
  mail: z.object({ driver: z.enum(['outbox', 'smtp']), configured: z.boolean() }),
});
export type StatusCheck = z.infer<typeof statusCheck>;

/** GET /api/config, also embedded in the HTML shell as window.__CONFIG__. Never holds a secret. */
export const appConfig = z.object({
  api: z.string(),
  host: z.string(),
  locale: z.string(),
  installation: z.enum(['installation-needed', 'installation-done']),
  appName: z.string(),
  appDescription: z.string(),
  appColor: z.string(),
  contactEmail: z.string().nullable(),
  subscriptionType,
  storageLimit: z.boolean(),
  storageDefaultSpace: z.number(),
  storageDefaultSpaceFormatted: z.string(),
  chunkSize: z.number().int().positive(),
  uploadLimit: z.number().int().nonnegative(),
  uploadLimitFormatted: z.string().nullable(),
  /** Bounds of one bulk upload request (issue 42, `bulk-upload.ts`): the server refuses more. */
  bulkUpload: bulkUploadConfig,
  mimetypesBlacklist: z.array(z.string()),
  defaultThemeMode: themeMode,
  defaultEmoji: emojiType,
  allowHomepage: z.boolean(),
  isAuthenticated: z.boolean(),
  userRegistration: z.boolean(),
  userVerification: z.boolean(),
  logos: z.object({
    main: z.string().nullable(),
    mainDark: z.string().nullable(),
    horizontal: z.string().nullable(),
    horizontalDark: z.string().nullable(),
    favicon: z.string().nullable(),
    ogImage: z.string().nullable(),
    touchIcon: z.string().nullable(),
  }),
  payments: z.object({
    allowed: z.boolean(),
    /** `configured`: every key is set (environment or payments screen); only public keys are given. */
    /**
     * `description`: the line under the provider's button as the admin wrote it; null while it is
     * the shipped default (the page then shows the default in the reader's language).
     */
    stripe: z.object({
      allowed: z.boolean(),
      configured: z.boolean(),
      publicKey: z.string().nullable(),
      description: z.string().nullable(),
    }),
    paypal: z.object({
      allowed: z.boolean(),
      configured: z.boolean(),
      clientId: z.string().nullable(),
      live: z.boolean(),
      description: z.string().nullable(),
    }),
    paystack: z.object({
      allowed: z.boolean(),
      configured: z.boolean(),
      publicKey: z.string().nullable(),
      description: z.string().nullable(),
    }),
  }),
  socialLogins: z.object({
    facebook: z.object({ allowed: z.boolean(), configured: z.boolean() }),
    google: z.object({ allowed: z.boolean(), configured: z.boolean() }),
    github: z.object({ allowed: z.boolean(), configured: z.boolean() }),
  }),
  /**
   * The human check (ADR 0036): `allowed` only while it is on and both keys are set; the page then
   * loads `scriptUrl` (Google's api.js, or a fake in tests) and sends a token with each protected form.
   */
  recaptcha: z.object({ allowed: z.boolean(), siteKey: z.string().nullable(), scriptUrl: z.string() }),
  /** The visible legal pages, for the public footer (reference §12.3 `legal`). */
  legal: z.array(legalPageLink),
  /** A line of the administrator's HTML under the footer's links, already cleaned by the server. */
  footerContent: z.string(),
  /**
   * Scripts of outside services, each loaded only when configured and only after the visitor
   * accepts the cookie banner: the Google tag (analytics) and AdSense with its three ad slots.
   */
  analytics: z.object({ googleTagId: z.string().nullable(), scriptUrl: z.string() }),
  adsense: z.object({
    clientId: z.string().nullable(),
    scriptUrl: z.string(),
    banner01: z.string().nullable(),
    banner02: z.string().nullable(),
    banner03: z.string().nullable(),
  }),
  /** Where the signed-in user's socket connects (issue 13). */
  broadcasting: broadcastingConfig,
  /** Present only while installation is needed. */
  statusCheck: statusCheck.optional(),
});
export type AppConfig = z.infer<typeof appConfig>;

export const pingResponse = z.object({ type: z.literal('success'), message: z.literal('pong') });
