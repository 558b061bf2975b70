import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('start-up', () => {
  it.each([
    [{ PORT: 'http' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://root@localhost/x' }, 'DATABASE_URL'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
  ])('stops with a message naming the variable for %o', (env, variable) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: '/tmp/filestore-badconfig', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(variable);
  });
});
