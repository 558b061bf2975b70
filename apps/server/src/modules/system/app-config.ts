import {
  BULK_UPLOAD_FILE_MAX,
  BULK_UPLOAD_MAX_BYTES,
  BULK_UPLOAD_MAX_FILES,
  type AppConfig,
} from '@filestore/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { formatBytes, GB, MB } from '../../lib/format.js';
import { renderHomepageCopy } from '../../lib/html.js';
import { gatewayKeys } from '../billing/index.js';
import { humanCheckKeys } from '../human-check/index.js';
import { catalogueFor } from '../languages/index.js';
import { visiblePageLinks } from '../pages/index.js';
import { broadcasting } from '../realtime/index.js';
import { settingsRegistry, type Settings } from '../settings/index.js';
import { statusCheck } from '../setup/index.js';
import { storageLimited } from '../users/index.js';

/** A sign-in provider's client id and secret are both set (the secret is not opened: set is enough here). */
const configured = (settings: Settings, provider: 'facebook' | 'google' | 'github') =>
  !!settings[`${provider}_client_id`] && !!settings[`${provider}_client_secret`];

/** An appearance image's public URL (served by the admin module's appearance routes, ADR 0043). */
const storageUrl = (fileName: string | null) => (fileName ? `/api/appearance/${fileName}` : null);

/** The public configuration of spec §3: everything the client needs at boot, and no secret. */
export async function buildAppConfig(ctx: AppContext, request: FastifyRequest, settings: Settings): Promise<AppConfig> {
  const installed = await ctx.isInstalled();
  const host = ctx.config.appUrl ?? `${request.protocol}://${request.host}`;
  const user = request.user;
  // On only when enabled with both keys set: the page asks for a token exactly when the server will.
  const humanCheck = humanCheckKeys(settings);
  return {
    api: `${host}/api`,
    host,
    // The user's own language, else the app's; always an installed one (ADR 0044).
    locale: (await catalogueFor(ctx.db, user?.language, settings.language)).locale,
    installation: installed ? 'installation-done' : 'installation-needed',
    appName: settings.app_title,
    appDescription: settings.app_description,
    appColor: settings.app_color,
    contactEmail: settings.contact_email,
    subscriptionType: settings.subscription_type,
    storageLimit: storageLimited(settings),
    storageDefaultSpace: settings.default_max_storage_amount,
    storageDefaultSpaceFormatted: formatBytes(settings.default_max_storage_amount * GB),
    chunkSize: settings.chunk_size * MB,
    uploadLimit: settings.upload_limit * MB,
    uploadLimitFormatted: settings.upload_limit ? formatBytes(settings.upload_limit * MB) : null,
    bulkUpload: { maxFiles: BULK_UPLOAD_MAX_FILES, maxBytes: BULK_UPLOAD_MAX_BYTES, fileMax: BULK_UPLOAD_FILE_MAX },
    mimetypesBlacklist: settings.mimetypes_blacklist,
    defaultThemeMode: user?.themeMode ?? settings.default_theme_mode,
    defaultEmoji: user?.emojiType ?? settings.default_emoji,
    allowHomepage: settings.allow_homepage,
    isAuthenticated: !!user,
    userRegistration: settings.registration,
    userVerification: settings.user_verification,
    logos: {
      main: storageUrl(settings.app_logo),
      mainDark: storageUrl(settings.app_logo_dark),
      horizontal: storageUrl(settings.app_logo_horizontal),
      horizontalDark: storageUrl(settings.app_logo_horizontal_dark),
      favicon: storageUrl(settings.app_favicon),
      ogImage: storageUrl(settings.app_og_image),
      touchIcon: storageUrl(settings.app_touch_icon),
    },
    payments: paymentsConfig(ctx, settings),
    socialLogins: {
      facebook: { allowed: settings.allowed_facebook_login, configured: configured(settings, 'facebook') },
      google: { allowed: settings.allowed_google_login, configured: configured(settings, 'google') },
      github: { allowed: settings.allowed_github_login, configured: configured(settings, 'github') },
    },
    recaptcha: {
      allowed: humanCheck !== null,
      siteKey: humanCheck?.siteKey ?? null,
      scriptUrl: ctx.config.env.RECAPTCHA_SCRIPT_URL,
    },
    legal: installed ? await visiblePageLinks(ctx.db) : [],
    footerContent: renderHomepageCopy(settings.footer_content),
    // Configured only: a tag id, or AdSense on with its publisher id; the page still waits for consent.
    analytics: { googleTagId: settings.google_analytics, scriptUrl: ctx.config.env.GOOGLE_TAG_URL },
    adsense: {
      clientId: settings.allowed_adsense ? settings.adsense_client_id : null,
      scriptUrl: ctx.config.env.ADSENSE_URL,
      banner01: settings.adsense_banner_01,
      banner02: settings.adsense_banner_02,
      banner03: settings.adsense_banner_03,
    },
    broadcasting,
    ...(installed ? {} : { statusCheck: await statusCheck(ctx) }),
  };
}

/**
 * What the page may know of the payment providers: whether each is on and has all its keys, and
 * only the keys meant for browsers (Stripe's publishable key, PayPal's client id, Paystack's public
 * key); secrets never (ADR 0047).
 */
function paymentsConfig(ctx: AppContext, settings: Settings): AppConfig['payments'] {
  const env = ctx.config.env;
  const stripe = gatewayKeys('stripe', env, settings);
  const paypal = gatewayKeys('paypal', env, settings);
  const paystack = gatewayKeys('paystack', env, settings);
  // The admin's line under each button; null while it is the shipped default (the page translates that).
  const line = (name: 'stripe_payment_description' | 'paypal_payment_description' | 'paystack_payment_description') =>
    settings[name] === settingsRegistry[name].default || settings[name].trim() === '' ? null : settings[name];
  return {
    allowed: settings.allowed_payments,
    stripe: {
      allowed: settings.allowed_stripe,
      configured: !!stripe,
      publicKey: stripe?.publicKey ?? null,
      description: line('stripe_payment_description'),
    },
    paypal: {
      allowed: settings.allowed_paypal,
      configured: !!paypal,
      clientId: paypal?.clientId ?? null,
      live: paypal?.live ?? false,
      description: line('paypal_payment_description'),
    },
    paystack: {
      allowed: settings.allowed_paystack,
      configured: !!paystack,
      publicKey: paystack?.publicKey ?? null,
      description: line('paystack_payment_description'),
    },
  };
}
