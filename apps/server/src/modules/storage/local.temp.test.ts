import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEMP_STALE_MS, TempFolders } from './local.temp.js';

describe('temp folders of the local storage', () => {
  let root: string;
  let temp: TempFolders;
  let machine: string | null;
  const sleeper = spawn('sleep', ['60']);

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'filestore-temp-'));
    temp = new TempFolders(root);
    const own = path.dirname(await temp.path());
    machine = (JSON.parse(await readFile(path.join(own, 'owner.json'), 'utf8')) as { machine: string | null }).machine;
  });

  afterEach(async () => {
    temp.close();
    await rm(root, { recursive: true, force: true });
  });

  /** Another process's folder with a temp file in it, touched `age` ms ago. */
  async function folderOf(name: string, owner: { machine: string | null; pid: number; started?: number }, age = 0) {
    const dir = path.join(root, name);
    await mkdir(dir);
    await writeFile(path.join(dir, 'owner.json'), JSON.stringify(owner));
    await writeFile(path.join(dir, 'upload'), 'half an upload');
    const then = new Date(Date.now() - age);
    await utimes(dir, then, then);
  }

  async function deadPid(): Promise<number> {
    const child = spawn('true');
    await once(child, 'exit');
    return child.pid ?? 0;
  }

  it('removes the folders of dead processes of this machine at once, and keeps those of live ones', async () => {
    await folderOf('dead', { machine, pid: await deadPid() });
    await folderOf('alive', { machine, pid: sleeper.pid ?? 0 });
    // A process that had this process's PID before it (a container started again).
    await folderOf('predecessor', { machine, pid: process.pid });
    const removed = await temp.removeAbandoned();
    expect((await readdir(root)).sort()).toEqual(['alive', path.basename(path.dirname(await temp.path()))].sort());
    expect(removed).toBe(2);
  });

  it('leaves folders of other machines alone until nobody touched them for ten minutes', async () => {
    await folderOf('elsewhere-busy', { machine: 'another machine', pid: 1 }, TEMP_STALE_MS - 60_000);
    await folderOf('elsewhere-gone', { machine: 'another machine', pid: 1 }, TEMP_STALE_MS + 60_000);
    await writeFile(path.join(root, 'loose-new'), 'x');
    await writeFile(path.join(root, 'loose-old'), 'x');
    const old = new Date(Date.now() - TEMP_STALE_MS - 60_000);
    await utimes(path.join(root, 'loose-old'), old, old);
    await temp.removeAbandoned();
    const left = await readdir(root);
    expect(left).toContain('elsewhere-busy');
    expect(left).toContain('loose-new');
    expect(left).not.toContain('elsewhere-gone');
    expect(left).not.toContain('loose-old');
  });

  it('never removes its own folder, and makes it again if someone did', async () => {
    const file = await temp.path();
    await temp.removeAbandoned(Date.now() + 10 * TEMP_STALE_MS);
    await writeFile(file, 'still mine');
    await rm(path.dirname(file), { recursive: true });
    const next = await temp.path();
    await writeFile(next, 'written again');
    expect(await readFile(next, 'utf8')).toBe('written again');
  });

  it('answers no path in its folder before the folder says whose it is, however many ask at once', async () => {
    const fresh = new TempFolders(path.join(root, 'fresh'));
    try {
      // Each asks while the folder is being made; a path answered before owner.json exists would let a
      // crash leave a file in a folder nobody can tell is abandoned.
      const owned = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          (i % 2 ? fresh.quickPath() : fresh.path()).then((file) =>
            existsSync(path.join(path.dirname(file), 'owner.json')),
          ),
        ),
      );
      expect(owned).toEqual([true, true, true, true]);
    } finally {
      fresh.close();
    }
  });

  afterAll(() => sleeper.kill());
});
