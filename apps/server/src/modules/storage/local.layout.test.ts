import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirectorySyncs, localLayout } from './local.layout.js';

/** An fsync that the test finishes by hand, recording when each one started. */
function manualFsync() {
  const started: { dir: string; finish(error?: Error): void }[] = [];
  const fsync = (dir: string) =>
    new Promise<void>((resolve, reject) => {
      started.push({ dir, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { started, fsync };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('DirectorySyncs (group commit of folder fsyncs)', () => {
  it('covers every caller with an fsync that started after it asked, sharing one among those who waited', async () => {
    const { started, fsync } = manualFsync();
    const syncs = new DirectorySyncs(fsync);
    const done: string[] = [];
    const first = syncs.sync('/d').then(() => done.push('first'));
    await tick();
    expect(started).toHaveLength(1);
    // Asked while the first runs: it may have started before their renames, so they wait for the next.
    const later = [1, 2, 3].map((n) => syncs.sync('/d').then(() => done.push(`later${n}`)));
    await tick();
    expect(started).toHaveLength(1);
    started[0]?.finish();
    await first;
    await tick();
    expect(done).toEqual(['first']);
    expect(started).toHaveLength(2);
    started[1]?.finish();
    await Promise.all(later);
    expect(done).toEqual(['first', 'later1', 'later2', 'later3']);
    // Four callers, two fsyncs; and the next caller starts afresh.
    const again = syncs.sync('/d');
    await tick();
    expect(started).toHaveLength(3);
    started[2]?.finish();
    await again;
  });

  it('runs the folders independently, and fails every caller an fsync covered when it fails', async () => {
    const { started, fsync } = manualFsync();
    const syncs = new DirectorySyncs(fsync);
    const a = syncs.sync('/a');
    const b = syncs.sync('/b');
    await tick();
    expect(started.map((s) => s.dir)).toEqual(['/a', '/b']);
    const a2 = syncs.sync('/a');
    const a3 = syncs.sync('/a');
    started[0]?.finish(new Error('EIO'));
    await expect(a).rejects.toThrow('EIO');
    await tick();
    started[2]?.finish(new Error('EIO again'));
    await expect(a2).rejects.toThrow('EIO again');
    await expect(a3).rejects.toThrow('EIO again');
    started[1]?.finish();
    await expect(b).resolves.toBeUndefined();
  });
});

describe('localLayout.commit', () => {
  it('moves the blob and its type into place, leaving nothing in the temp folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'layout-'));
    try {
      const layout = localLayout(root);
      const tmp = await layout.tempPath();
      await writeFile(tmp, 'bytes');
      await layout.commit(tmp, 'files/x', 'text/plain');
      expect(await layout.readContentType('files/x')).toBe('text/plain');
      expect(await readdir(path.dirname(tmp))).toEqual(['owner.json']);
      layout.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
