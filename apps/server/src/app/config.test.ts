import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, readSavedConfig, resolveConfig, writeSavedConfig } from './config.js';

describe('configuration', () => {
  it('runs with no environment at all on the embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    const config = resolveConfig(env, '/tmp/data', {});
    expect(config.database).toEqual({ driver: 'pglite', dir: '/tmp/data/db', namedStatements: true });
    expect(config.storage).toEqual({ driver: 'local', root: '/tmp/data/storage', directWrites: false });
    expect(config.mail).toEqual({ driver: 'outbox', dir: '/tmp/data/mail' });
  });

  it('names the embedded database’s statements unless told not to (ADR 0050, 0052)', () => {
    const off = resolveConfig(parseEnv({ PGLITE_NAMED_STATEMENTS: 'false' }), '/tmp/data', {});
    expect(off.database).toEqual({ driver: 'pglite', dir: '/tmp/data/db', namedStatements: false });
    expect(() => parseEnv({ PGLITE_NAMED_STATEMENTS: 'yes' })).toThrow(ConfigError);
  });

  it('writes large local uploads past the page cache only when asked (ADR 0055, 0063)', () => {
    const on = resolveConfig(parseEnv({ LOCAL_DIRECT_WRITES: 'true' }), '/tmp/data', {});
    expect(on.storage).toEqual({ driver: 'local', root: '/tmp/data/storage', directWrites: true });
    expect(() => parseEnv({ LOCAL_DIRECT_WRITES: 'maybe' })).toThrow(ConfigError);
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

describe('secrets saved in DATA_DIR/config.json (ADR 0043)', () => {
  const smtp = {
    host: 'mx',
    port: 25,
    username: 'u',
    password: 'smtp-pw',
    encryption: 'none' as const,
    from: 'a@b.co',
  };
  const s3 = { region: 'r', bucket: 'bucket', key: 'k', secret: 's3-secret', forcePathStyle: true };

  it('seals the S3 secret and the SMTP password with DATA_DIR/secret.key, and opens them', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-seal-'));
    try {
      writeSavedConfig(dir, { storage: { driver: 's3', s3 }, mail: { driver: 'smtp', smtp } });
      const raw = readFileSync(path.join(dir, 'config.json'), 'utf8');
      expect(raw).not.toContain('smtp-pw');
      expect(raw).not.toContain('s3-secret');
      expect(existsSync(path.join(dir, 'secret.key'))).toBe(true);
      const saved = readSavedConfig(dir);
      expect(saved.mail).toEqual({ driver: 'smtp', smtp });
      expect(saved.storage).toEqual({ driver: 's3', s3 });
      // With APP_KEY set instead, the file's key does not open them: said, not silently dropped.
      expect(() => readSavedConfig(dir, 'x'.repeat(40))).toThrow(ConfigError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a file an older version wrote in plain text, and seals it at the next write under APP_KEY', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-seal-'));
    const key = 'k'.repeat(40);
    try {
      writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ mail: { driver: 'smtp', smtp } }));
      expect(readSavedConfig(dir, key).mail).toEqual({ driver: 'smtp', smtp });
      writeSavedConfig(dir, { storage: { driver: 'local' } }, key);
      expect(readFileSync(path.join(dir, 'config.json'), 'utf8')).not.toContain('smtp-pw');
      expect(existsSync(path.join(dir, 'secret.key'))).toBe(false);
      expect(readSavedConfig(dir, key).mail).toEqual({ driver: 'smtp', smtp });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
