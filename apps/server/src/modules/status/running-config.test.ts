import { describe, expect, it } from 'vitest';
import { parseEnv, resolveConfig } from '../../app/config.js';
import { runningConfig } from './running-config.js';

describe('running configuration', () => {
  it('names every secret as set or not, never its value, and strips credentials from URLs', () => {
    const env = {
      DATA_DIR: '/tmp/filestore-config-test',
      DATABASE_URL: 'postgres://db-user-HIDDEN1:db-pass-HIDDEN2@db.internal:5432/files?sslpassword=HIDDEN3',
      REDIS_URL: 'redis://redis-user-HIDDEN4:redis-pass-HIDDEN5@cache.internal:6379/0',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://s3-user-HIDDEN6:s3-pass-HIDDEN7@objects.internal',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'access-key-HIDDEN8',
      S3_SECRET_ACCESS_KEY: 'secret-key-HIDDEN9',
      SMTP_HOST: 'mail.internal',
      SMTP_USER: 'smtp-user-HIDDEN10',
      SMTP_PASSWORD: 'smtp-pass-HIDDEN11',
      MAIL_FROM: 'files@example.com',
      SETUP_ADMIN_EMAIL: 'root@example.com',
      SETUP_ADMIN_PASSWORD: 'admin-pass-HIDDEN12',
    };
    const entries = runningConfig(resolveConfig(parseEnv(env), env.DATA_DIR, {}));
    expect(JSON.stringify(entries)).not.toMatch(/HIDDEN/);
    const byKey = new Map(entries.map((e) => [e.key, e]));
    expect(byKey.get('DATABASE_URL')?.value).toBe('postgres://db.internal:5432/files');
    expect(byKey.get('REDIS_URL')?.value).toBe('redis://cache.internal:6379/0');
    expect(byKey.get('S3_ENDPOINT')?.value).toBe('https://objects.internal');
    expect(byKey.get('S3_BUCKET')?.value).toBe('files');
    for (const key of [
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'SMTP_USER',
      'SMTP_PASSWORD',
      'SETUP_ADMIN_PASSWORD',
    ])
      expect(byKey.get(key), key).toEqual({ key, value: null, secret: true, set: true });
  });

  it('shows the settings of the bounded stop and of remote upload, with their defaults', () => {
    const env = { DATA_DIR: '/tmp/filestore-config-test', SHUTDOWN_GRACE_SECONDS: '12' };
    const byKey = new Map(runningConfig(resolveConfig(parseEnv(env), env.DATA_DIR, {})).map((e) => [e.key, e.value]));
    expect(byKey.get('SHUTDOWN_GRACE_SECONDS')).toBe('12');
    expect(byKey.get('REMOTE_UPLOAD_CONCURRENCY')).toBe('4');
    expect(byKey.get('REMOTE_UPLOAD_MIN_RATE_KB')).toBe('16');
    expect(byKey.get('REMOTE_UPLOAD_BATCH_SECONDS')).toBe('7200');
  });
});
