import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_FLAGS, nodeFlags } from './node-flags.mjs';

describe('node flags of npm start', () => {
  const dirs = [];
  const dataDir = (config) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-flags-'));
    dirs.push(dir);
    if (config !== undefined) writeFileSync(path.join(dir, 'config.json'), config);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the young generation small on the embedded database', () => {
    expect(nodeFlags({ DATA_DIR: dataDir() })).toEqual(EMBEDDED_FLAGS);
    expect(nodeFlags({ DATA_DIR: dataDir('{"appName":"x"}') })).toEqual(EMBEDDED_FLAGS);
    expect(nodeFlags({ DATA_DIR: dataDir('not json') })).toEqual(EMBEDDED_FLAGS);
  });

  it("leaves V8's sizing alone on PostgreSQL, from the environment or from what the wizard saved", () => {
    expect(nodeFlags({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/x' })).toEqual([]);
    expect(nodeFlags({ DATA_DIR: dataDir('{"databaseUrl":"postgres://db/x"}') })).toEqual([]);
  });
});
