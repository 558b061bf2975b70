import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { open, seal } from '../lib/secret-box.js';
import { z } from 'zod';
import { s3Settings, smtpSettings, type S3Settings, type SmtpSettings } from '@filestore/contract';

/**
 * Configuration is read here and nowhere else: environment first, then the choices the setup
 * wizard remembered in DATA_DIR/config.json, then defaults.
 */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  /** The embedded database's page cache (PostgreSQL's shared_buffers) in MB. */
  EMBEDDED_DB_CACHE_MB: z.coerce.number().int().min(1).max(16384).optional(),
  /** The embedded database's statements named once common (ADR 0050), on by default (ADR 0052). */
  PGLITE_NAMED_STATEMENTS: bool.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' })
    .optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  /** Opt-in (ADR 0063): full batches of large local uploads written with O_DIRECT (ADR 0055). */
  LOCAL_DIRECT_WRITES: bool.default(false),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /**
   * With the S3 driver, a file download is answered with a redirect to a presigned GET URL after
   * the usual access checks, so the bytes go from the bucket to the browser without passing
   * through this process (ADR 0022). The browser must reach S3_ENDPOINT.
   */
  S3_DIRECT_DOWNLOADS: bool.default(false),
  /** How long, in seconds, a presigned download URL stays valid. */
  S3_DIRECT_DOWNLOADS_EXPIRY: z.coerce.number().int().min(1).max(604_800).default(300),
  /**
   * On S3, the object reads a zip download keeps in flight (1: one after another) and the memory
   * it may fill with objects read ahead, per download (downloads/zip-read-ahead.ts, ADR 0021, 0058).
   */
  ZIP_READ_AHEAD: z.coerce.number().int().min(1).max(64).default(16),
  ZIP_READ_AHEAD_MB: z.coerce.number().int().min(1).max(1024).default(16),
  /**
   * Remote upload (modules/remote-uploads, ADR 0027): fetching from private, loopback, link-local
   * and other non-public addresses is refused unless this is true, which is for testing only.
   */
  REMOTE_UPLOAD_ALLOW_PRIVATE: bool.default(false),
  /** The most one remote file's download may take, in seconds, from the request to its last byte. */
  REMOTE_UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  /**
   * Remote upload's limits on slow servers and on one node (ADR 0066): after its first 30 seconds a
   * download averaging fewer KB/s than this is stopped (0: never); a batch's URLs may use this many
   * seconds of download time in all; a node fetches at most this many URLs at once.
   */
  REMOTE_UPLOAD_MIN_RATE_KB: z.coerce.number().int().min(0).max(1_048_576).default(16),
  REMOTE_UPLOAD_BATCH_SECONDS: z.coerce.number().int().min(1).max(604_800).default(7200),
  REMOTE_UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** The largest remote file fetched, in MB, whatever the upload limit says (which applies too). */
  REMOTE_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(10_240),
  /**
   * Social sign-in (modules/social, ADR 0035): where each provider's authorization page, token
   * endpoint and API are. The real providers by default; tests point them at a fake on loopback.
   */
  OAUTH_GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  OAUTH_GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  OAUTH_GOOGLE_API_URL: z.url().default('https://openidconnect.googleapis.com/v1'),
  OAUTH_FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  OAUTH_FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  OAUTH_FACEBOOK_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  OAUTH_GITHUB_AUTHORIZATION_URL: z.url().default('https://github.com/login/oauth/authorize'),
  OAUTH_GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  OAUTH_GITHUB_API_URL: z.url().default('https://api.github.com'),
  /**
   * The human check (reCAPTCHA v3, ADR 0036): where the server verifies a token, where the page
   * loads the script from (both pointed at a fake on loopback by the tests), and the most a
   * verification may take before the protected call answers 503.
   */
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_SCRIPT_URL: z.url().default('https://www.google.com/recaptcha/api.js'),
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  /**
   * Scripts the page loads once the visitor accepts cookies (issue 16 point 6): the Google tag for
   * analytics and AdSense. Pointed at a fake on loopback by the tests.
   */
  GOOGLE_TAG_URL: z.url().default('https://www.googletagmanager.com/gtag/js'),
  ADSENSE_URL: z.url().default('https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'),
  /**
   * Payment providers (issue 17, ADR 0045). Keys set here win over the administrator's payments
   * screen; the `*_API_BASE` values point each SDK at another host (the tests' fakes on loopback).
   */
  /** FOR TESTS ONLY: a movable billing clock and POST /api/admin/testing/clock (browser journeys). */
  BILLING_TEST_CLOCK: bool.default(false),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLIC_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_LIVE: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  PAYPAL_API_BASE: z.url().optional(),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_PUBLIC_KEY: z.string().min(1).optional(),
  PAYSTACK_API_BASE: z.url().default('https://api.paystack.co'),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().default(''),
  SMTP_PASSWORD: z.string().default(''),
  SMTP_ENCRYPTION: z.enum(['tls', 'starttls', 'none']).default('starttls'),
  MAIL_FROM: z
    .string()
    .regex(/^\S+@\S+\.\S+$/, { message: 'must be an email address' })
    .optional(),
  /**
   * The key the secrets of DATA_DIR/config.json (the S3 secret, the SMTP password) are sealed
   * under (ADR 0043). Without it, a random key is made once in DATA_DIR/secret.key.
   */
  APP_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: bool.default(false),
  /**
   * On SIGTERM or SIGINT, how long running requests and jobs may take to finish before what is
   * left is closed and the process exits (ADR 0064). New requests are refused from the signal on.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /**
   * Check every JSON answer against its schema before sending it (a drift between a presenter and
   * the contract then answers 500 instead of reaching clients). On by default, so tests and
   * development catch drift; `npm start` turns it off: it cost ~10% of a listing's CPU (ADR 0017).
   */
  CHECK_RESPONSES: bool.default(true),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SETUP_ADMIN_EMAIL: z
    .string()
    .regex(/^\S+@\S+\.\S+$/, { message: 'must be an email address' })
    .optional(),
  SETUP_ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
  SETUP_ADMIN_NAME: z.string().min(1).default('Admin'),
  WEB_DIST: z.string().optional(),
  /** Crash tests only: the process kills itself with SIGKILL at this point (uploads' and realtime's crash-point.ts). */
  FILESTORE_TEST_CRASH_AT: z
    .enum([
      'upload-complete',
      'batch-before-commit',
      'batch-committed',
      'outbox-before-send',
      'outbox-after-send',
      'user-deletion-batch-committed',
    ])
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** What the setup wizard remembers (DATA_DIR/config.json). Holds secrets: the data folder is private. */
export const savedConfigSchema = z.object({
  databaseUrl: z.string().optional(),
  storage: z
    .discriminatedUnion('driver', [
      z.object({ driver: z.literal('local') }),
      z.object({ driver: z.literal('s3'), s3: s3Settings }),
    ])
    .optional(),
  mail: z
    .discriminatedUnion('driver', [
      z.object({ driver: z.literal('outbox') }),
      z.object({ driver: z.literal('smtp'), smtp: smtpSettings }),
    ])
    .optional(),
});
export type SavedConfig = z.infer<typeof savedConfigSchema>;

export type StorageConfig =
  { driver: 'local'; root: string; directWrites?: boolean } | { driver: 's3'; s3: S3Settings };
export type MailConfig = { driver: 'outbox'; dir: string } | { driver: 'smtp'; smtp: SmtpSettings };

/**
 * The embedded database in `dataDir` with the configured settings: what a server starts on without
 * DATABASE_URL, and what the setup wizard switches to.
 */
export function embeddedDatabase(env: Env, dataDir: string) {
  return {
    driver: 'pglite' as const,
    dir: path.join(dataDir, 'db'),
    cacheMb: env.EMBEDDED_DB_CACHE_MB,
    namedStatements: env.PGLITE_NAMED_STATEMENTS,
  };
}

export interface AppConfigFile {
  env: Env;
  dataDir: string;
  appUrl: string | undefined;
  database:
    | { driver: 'pglite'; dir: string; cacheMb?: number; namedStatements?: boolean }
    | { driver: 'postgres'; url: string };
  storage: StorageConfig;
  mail: MailConfig;
  fromEnv: { database: boolean; storage: boolean; mail: boolean };
  cookieSecure: 'auto' | boolean;
}

export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((k) => (source[k] === undefined || source[k] === '' ? [] : [[k, source[k]]])),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) throw new ConfigError(`Invalid configuration:\n  ${key}: required when STORAGE_DRIVER=s3`);
    }
  }
  if (env.SETUP_ADMIN_EMAIL && !env.SETUP_ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  SETUP_ADMIN_PASSWORD: required when SETUP_ADMIN_EMAIL is set');
  }
  if (env.SMTP_HOST && !env.MAIL_FROM) {
    throw new ConfigError('Invalid configuration:\n  MAIL_FROM: required when SMTP_HOST is set');
  }
  return env;
}

const savedPath = (dataDir: string) => path.join(dataDir, 'config.json');

/**
 * The key config.json's secrets are sealed under: APP_KEY when set, else DATA_DIR/secret.key,
 * made once (random, private to the process's user).
 */
function configKey(dataDir: string, appKey: string | undefined): string {
  if (appKey) return appKey;
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Made by another process sharing the folder a moment ago: that one is the key.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

const SEALED_PURPOSE = 'config';
const isSealed = (value: string) => value.startsWith('v1.') && value.split('.').length === 4;

/** The saved secrets (S3 secret, SMTP password) sealed or opened; a plain one (an older file) is read as is. */
function mapSecrets(config: SavedConfig, map: (value: string, field: string) => string): SavedConfig {
  const next = structuredClone(config);
  if (next.storage?.driver === 's3') next.storage.s3.secret = map(next.storage.s3.secret, 'storage.s3.secret');
  if (next.mail?.driver === 'smtp' && next.mail.smtp.password) {
    next.mail.smtp.password = map(next.mail.smtp.password, 'mail.smtp.password');
  }
  return next;
}

export function readSavedConfig(dataDir: string, appKey?: string): SavedConfig {
  const file = savedPath(dataDir);
  if (!existsSync(file)) return {};
  const parsed = savedConfigSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n  ${file}: ${parsed.error.message}`);
  return mapSecrets(parsed.data, (value, field) => {
    if (!isSealed(value)) return value;
    const plain = open(configKey(dataDir, appKey), SEALED_PURPOSE, value, field);
    if (plain === null) {
      throw new ConfigError(
        `Invalid configuration:\n  ${file}: ${field} does not open with ${appKey ? 'APP_KEY' : 'DATA_DIR/secret.key'}`,
      );
    }
    return plain;
  });
}

/** Saves the wizard's or the admin's choices; secrets are sealed (ADR 0043), the file private. */
export function writeSavedConfig(dataDir: string, patch: SavedConfig, appKey?: string): void {
  const next = { ...readSavedConfig(dataDir, appKey), ...patch };
  const sealed = mapSecrets(next, (value, field) => seal(configKey(dataDir, appKey), SEALED_PURPOSE, value, field));
  const file = savedPath(dataDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(sealed, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfigFile {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (e) {
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR: cannot create ${dataDir} (${(e as Error).message})`);
  }
  const saved = readSavedConfig(dataDir, env.APP_KEY);
  return resolveConfig(env, dataDir, saved);
}

/** The local driver's settings: the one place that knows them (start-up, the wizard, the admin's switch). */
export function localStorageConfig(env: Pick<Env, 'LOCAL_DIRECT_WRITES'>, dataDir: string): StorageConfig {
  return { driver: 'local', root: path.join(dataDir, 'storage'), directWrites: env.LOCAL_DIRECT_WRITES };
}

export function resolveConfig(env: Env, dataDir: string, saved: SavedConfig): AppConfigFile {
  const databaseUrl = env.DATABASE_URL ?? saved.databaseUrl;
  const storage: StorageConfig =
    env.STORAGE_DRIVER === 's3'
      ? {
          driver: 's3',
          s3: {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET ?? '',
            key: env.S3_ACCESS_KEY_ID ?? '',
            secret: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          },
        }
      : env.STORAGE_DRIVER === 'local' || saved.storage?.driver !== 's3'
        ? localStorageConfig(env, dataDir)
        : { driver: 's3', s3: saved.storage.s3 };
  const mail: MailConfig = env.SMTP_HOST
    ? {
        driver: 'smtp',
        smtp: {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          username: env.SMTP_USER,
          password: env.SMTP_PASSWORD,
          encryption: env.SMTP_ENCRYPTION,
          from: env.MAIL_FROM ?? '',
        },
      }
    : saved.mail?.driver === 'smtp'
      ? { driver: 'smtp', smtp: saved.mail.smtp }
      : { driver: 'outbox', dir: path.join(dataDir, 'mail') };
  return {
    env,
    dataDir,
    appUrl: env.APP_URL?.replace(/\/+$/, ''),
    database: databaseUrl ? { driver: 'postgres', url: databaseUrl } : embeddedDatabase(env, dataDir),
    storage,
    mail,
    fromEnv: { database: !!env.DATABASE_URL, storage: !!env.STORAGE_DRIVER, mail: !!env.SMTP_HOST },
    cookieSecure: env.COOKIE_SECURE === 'auto' ? 'auto' : env.COOKIE_SECURE === 'true',
  };
}
