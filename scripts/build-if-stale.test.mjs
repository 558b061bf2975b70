import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale, WORKSPACES } from './build-if-stale.mjs';

/** A copy of the repository's layout in miniature, with a fake build that writes each output file. */
function fakeRepo() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'build-if-stale-'));
  const write = (file, text = file) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('package-lock.json', '{}');
  write('tsconfig.base.json', '{}');
  write('packages/contract/src/index.ts');
  write('packages/contract/package.json');
  write('apps/web/src/main.tsx');
  write('apps/web/src/main.test.ts');
  write('apps/web/index.html');
  write('apps/server/src/main.ts');
  write('apps/server/src/main.int.test.ts');
  write('apps/server/migrations/0000_init.sql');
  const builds = [];
  let failing = null;
  const build = (_root, workspace) => {
    builds.push(workspace.name);
    if (workspace.name === failing) return false;
    write(path.join(workspace.dir, workspace.dist, workspace.output), 'built');
    return true;
  };
  const run = (options = {}) => {
    builds.length = 0;
    buildIfStale({ root, build, log: () => undefined, ...options });
    return [...builds];
  };
  return { root, write, run, failWith: (name) => (failing = name) };
}

describe('build-if-stale', () => {
  let repo;
  beforeEach(() => {
    repo = fakeRepo();
  });
  afterEach(() => rmSync(repo.root, { recursive: true, force: true }));

  const all = WORKSPACES.map((w) => w.name);

  it('builds everything the first time and nothing the second', () => {
    expect(repo.run()).toEqual(all);
    expect(repo.run()).toEqual([]);
  });

  it('rebuilds a workspace whose source changed, and only that one', () => {
    repo.run();
    repo.write('apps/server/src/main.ts', 'changed');
    expect(repo.run()).toEqual(['@filestore/server']);
    repo.write('apps/web/src/new-screen.tsx');
    expect(repo.run()).toEqual(['@filestore/web']);
    expect(repo.run()).toEqual([]);
  });

  it('rebuilds the web app and the server when the contract they import changed', () => {
    repo.run();
    repo.write('packages/contract/src/index.ts', 'changed');
    expect(repo.run()).toEqual(all);
  });

  it('rebuilds everything when the locked dependencies changed', () => {
    repo.run();
    repo.write('package-lock.json', '{"changed":true}');
    expect(repo.run()).toEqual(all);
  });

  it('does not rebuild for a changed test, nor for its own output', () => {
    repo.run();
    repo.write('apps/web/src/main.test.ts', 'changed');
    repo.write('apps/server/src/main.int.test.ts', 'changed');
    repo.write('apps/web/dist/assets/extra.js');
    expect(repo.run()).toEqual([]);
  });

  it('rebuilds when the output is gone although the stamp is there', () => {
    repo.run();
    rmSync(path.join(repo.root, 'apps/web/dist/index.html'));
    expect(repo.run()).toEqual(['@filestore/web']);
  });

  it('builds again after a failed build, and stops at the failure', () => {
    repo.run();
    repo.write('apps/web/src/main.tsx', 'broken');
    repo.write('apps/server/src/main.ts', 'changed');
    repo.failWith('@filestore/web');
    expect(() => repo.run()).toThrow('@filestore/web: build failed');
    repo.failWith(null);
    expect(repo.run()).toEqual(['@filestore/web', '@filestore/server']);
  });

  it('rebuilds nothing for a file that was only touched (a checkout), and still notices a later edit', () => {
    repo.run();
    const file = path.join(repo.root, 'apps/server/src/main.ts');
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    expect(repo.run()).toEqual([]);
    // Same size, new content: the new modification time sends it to the content check.
    writeFileSync(file, readFileSync(file, 'utf8').toUpperCase());
    const evenLater = new Date(Date.now() + 120_000);
    utimesSync(file, evenLater, evenLater);
    expect(repo.run()).toEqual(['@filestore/server']);
  });

  it('builds again when the stamp is not one it wrote', () => {
    repo.run();
    writeFileSync(path.join(repo.root, 'apps/server/dist/.build-stamp'), 'garbage');
    expect(repo.run()).toEqual(['@filestore/server']);
  });

  it('builds everything with force, even when up to date', () => {
    repo.run();
    expect(repo.run({ force: true })).toEqual(all);
  });
});
