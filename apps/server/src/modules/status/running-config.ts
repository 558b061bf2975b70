import path from 'node:path';
import type { ConfigEntry } from '@filestore/contract';
import type { AppConfigFile } from '../../app/config.js';

const shown = (key: string, value: string | number | boolean | null | undefined): ConfigEntry => ({
  key,
  value: value === null || value === undefined || value === '' ? null : String(value),
  secret: false,
  set: value !== null && value !== undefined && value !== '',
});

/** A secret says whether it is set, never what it is. */
const secret = (key: string, value: string | null | undefined): ConfigEntry => ({
  key,
  value: null,
  secret: true,
  set: Boolean(value),
});

/** A URL without its user, password, query and fragment: where it points, not how to get in. */
function withoutCredentials(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return null;
  }
}

/**
 * The configuration this process runs with, as the server tab shows it. Built from an allow-list
 * rather than by hiding names that look secret, so a setting added later is not shown until
 * someone decides it may be.
 */
export function runningConfig(config: AppConfigFile): ConfigEntry[] {
  const { env, storage, mail, database } = config;
  const entries: ConfigEntry[] = [
    shown('APP_URL', config.appUrl),
    shown('DATA_DIR', path.resolve(config.dataDir)),
    shown('HOST', env.HOST),
    shown('PORT', env.PORT),
    shown('TRUST_PROXY', env.TRUST_PROXY),
    shown('COOKIE_SECURE', String(config.cookieSecure)),
    shown('SESSION_DAYS', env.SESSION_DAYS),
    shown('LOG_LEVEL', env.LOG_LEVEL),
    shown('database.driver', database.driver),
    shown('database.from_env', config.fromEnv.database),
  ];
  if (database.driver === 'postgres') entries.push(shown('DATABASE_URL', withoutCredentials(database.url)));
  else if (database.cacheMb) entries.push(shown('EMBEDDED_DB_CACHE_MB', database.cacheMb));
  entries.push(shown('REDIS_URL', withoutCredentials(env.REDIS_URL)));
  entries.push(shown('storage.driver', storage.driver), shown('storage.from_env', config.fromEnv.storage));
  if (storage.driver === 'local') entries.push(shown('LOCAL_DIRECT_WRITES', storage.directWrites ?? false));
  if (storage.driver === 's3') {
    entries.push(
      shown('S3_ENDPOINT', withoutCredentials(storage.s3.endpoint)),
      shown('S3_REGION', storage.s3.region),
      shown('S3_BUCKET', storage.s3.bucket),
      shown('S3_FORCE_PATH_STYLE', storage.s3.forcePathStyle),
      secret('S3_ACCESS_KEY_ID', storage.s3.key),
      secret('S3_SECRET_ACCESS_KEY', storage.s3.secret),
      shown('S3_DIRECT_DOWNLOADS', env.S3_DIRECT_DOWNLOADS),
      shown('ZIP_READ_AHEAD', env.ZIP_READ_AHEAD),
    );
  }
  entries.push(shown('mail.driver', mail.driver), shown('mail.from_env', config.fromEnv.mail));
  if (mail.driver === 'smtp') {
    entries.push(
      shown('SMTP_HOST', mail.smtp.host),
      shown('SMTP_PORT', mail.smtp.port),
      shown('SMTP_ENCRYPTION', mail.smtp.encryption),
      shown('MAIL_FROM', mail.smtp.from),
      secret('SMTP_USER', mail.smtp.username),
      secret('SMTP_PASSWORD', mail.smtp.password),
    );
  }
  entries.push(
    shown('REMOTE_UPLOAD_ALLOW_PRIVATE', env.REMOTE_UPLOAD_ALLOW_PRIVATE),
    shown('REMOTE_UPLOAD_MAX_MB', env.REMOTE_UPLOAD_MAX_MB),
    shown('REMOTE_UPLOAD_CONCURRENCY', env.REMOTE_UPLOAD_CONCURRENCY),
    shown('REMOTE_UPLOAD_MIN_RATE_KB', env.REMOTE_UPLOAD_MIN_RATE_KB),
    shown('REMOTE_UPLOAD_BATCH_SECONDS', env.REMOTE_UPLOAD_BATCH_SECONDS),
    shown('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS),
    secret('SETUP_ADMIN_PASSWORD', env.SETUP_ADMIN_PASSWORD),
  );
  return entries;
}
