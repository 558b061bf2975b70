import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, resolveConfig } from './config.js';

describe('configuration', () => {
  it('runs with no environment at all on the embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    const config = resolveConfig(env, '/tmp/data', {});
    expect(config.database).toEqual({ driver: 'pglite', dir: '/tmp/data/db' });
    expect(config.storage).toEqual({ driver: 'local', root: '/tmp/data/storage' });
    expect(config.mail).toEqual({ driver: 'outbox', dir: '/tmp/data/mail' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ SETUP_ADMIN_EMAIL: 'a@b.co' }, 'SETUP_ADMIN_PASSWORD'],
    [{ SMTP_HOST: 'mail.example.com' }, 'MAIL_FROM'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ S3_DIRECT_DOWNLOADS: 'yes' }, 'S3_DIRECT_DOWNLOADS'],
    [{ S3_DIRECT_DOWNLOADS_EXPIRY: '0' }, 'S3_DIRECT_DOWNLOADS_EXPIRY'],
  ])('stops with a message naming the variable for %o', (env, variable) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(variable);
  });

  it('keeps downloads on the app unless S3_DIRECT_DOWNLOADS is set, with five-minute URLs by default', () => {
    expect(parseEnv({})).toMatchObject({ S3_DIRECT_DOWNLOADS: false, S3_DIRECT_DOWNLOADS_EXPIRY: 300 });
    expect(parseEnv({ S3_DIRECT_DOWNLOADS: 'true', S3_DIRECT_DOWNLOADS_EXPIRY: '60' })).toMatchObject({
      S3_DIRECT_DOWNLOADS: true,
      S3_DIRECT_DOWNLOADS_EXPIRY: 60,
    });
  });

  it('lets the environment win over what the wizard saved', () => {
    const env = parseEnv({ DATABASE_URL: 'postgres://env/db' });
    const config = resolveConfig(env, '/d', { databaseUrl: 'postgres://saved/db', mail: { driver: 'outbox' } });
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://env/db' });
    expect(config.fromEnv.database).toBe(true);
  });
});
