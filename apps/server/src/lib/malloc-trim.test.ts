import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectAfterStartUp } from './collect-garbage.js';
import {
  canTrim,
  keepFreedMemoryForReuse,
  SERVING_MMAP_THRESHOLD,
  SERVING_TRIM_THRESHOLD,
  startMemoryTrimmer,
  trimFreedMemory,
} from './malloc-trim.js';

const MB = 1024 * 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the server's build said of the addon (scripts/build-native.mjs), if it ran. */
function buildStatus(): { built: boolean; reason?: string; environment?: boolean } | null {
  try {
    return JSON.parse(readFileSync(new URL('../../dist/native/status.json', import.meta.url), 'utf8')) as {
      built: boolean;
    };
  } catch {
    return null;
  }
}

const status = buildStatus();
// Only a machine that lacks something (no compiler, headers or glibc; the switch set) may go without.
const mayLackAddon = process.env.FILESTORE_NO_NATIVE === '1' || status?.environment === true;

describe('handing freed memory back (ADR 0059)', () => {
  afterEach(() => vi.useRealTimers());

  it.skipIf(mayLackAddon)('is built and loads unless the machine lacks what it takes', () => {
    // `npm run build` runs before the tests; an addon that failed to compile or load on a machine
    // with everything would leave the server at its old memory without a word.
    expect(status, 'the server build did not run scripts/build-native.mjs').not.toBeNull();
    expect(status?.reason).toBeUndefined();
    expect(canTrim()).toBe(true);
  });

  it.skipIf(mayLackAddon)('returns memory malloc kept after the buffers in it were freed', async () => {
    // 64 KB buffers come from malloc's arenas (below its 128 KB mmap threshold); freeing every
    // other one leaves ~50 MB of holes that malloc keeps and the resident size does not shrink.
    let buffers: (Buffer | null)[] = Array.from({ length: 1600 }, () => Buffer.alloc(64 * 1024, 1));
    for (let i = 0; i < buffers.length; i += 2) buffers[i] = null;
    // V8 frees dead buffers on a background thread after a collection returns: the second
    // collection finishes the first one's sweeping, and the pause lets the last of it land.
    collectAfterStartUp();
    collectAfterStartUp();
    await pause(100);
    const before = process.memoryUsage.rss();
    expect(trimFreedMemory()).toBe(true);
    const after = process.memoryUsage.rss();
    expect(before - after).toBeGreaterThan(15 * MB);
    buffers = [];
    expect(buffers).toHaveLength(0);
  });

  it('trims once the resident size grew 2 MB over its floor, and not while it stays', () => {
    vi.useFakeTimers();
    let rss = 100 * MB;
    let trims = 0;
    const stop = startMemoryTrimmer({ rss: () => rss, trim: () => (trims++, true) });
    try {
      vi.advanceTimersByTime(5000);
      expect(trims).toBe(0); // idle: never
      rss += 1.5 * MB;
      vi.advanceTimersByTime(500);
      expect(trims).toBe(0);
      rss += 0.6 * MB;
      vi.advanceTimersByTime(500);
      expect(trims).toBe(1);
      // Grown in V8's own pages, which a trim does not return: not trimmed again for the same MB.
      vi.advanceTimersByTime(5000);
      expect(trims).toBe(1);
      // Shrunk, then grown 2 MB over the new floor.
      rss -= 3 * MB;
      vi.advanceTimersByTime(500);
      rss += 2 * MB;
      vi.advanceTimersByTime(500);
      expect(trims).toBe(2);
    } finally {
      stop();
    }
  });

  it('does nothing where the addon is missing', () => {
    if (canTrim()) return expect(trimFreedMemory()).toBeTypeOf('boolean');
    expect(trimFreedMemory()).toBe(false);
    vi.useFakeTimers();
    let reads = 0;
    const stop = startMemoryTrimmer({ rss: () => (reads++, 0) });
    vi.advanceTimersByTime(5000);
    stop();
    expect(reads).toBe(0);
  });

  it.skipIf(mayLackAddon)('serves blocks up to 4 MiB from the heap once the server runs (ADR 0060)', () => {
    // Under npm start's malloc settings (thresholds at 128 KiB) each 1 MiB buffer (a file stream's
    // reads, say) is a mapping of its own, unmapped when freed and faulted in afresh the next time;
    // with the serving thresholds they come from the heap (malloc's own count of such mappings).
    const addon = fileURLToPath(new URL('../../dist/native/malloc-trim.node', import.meta.url));
    const child = `
      const [addon, mode, trim, mmap] = process.argv.slice(-4);
      const malloc = require(addon);
      if (mode === 'serving' && !malloc.tune(Number(trim), Number(mmap))) throw new Error('tune refused');
      const before = malloc.mapped();
      const held = Array.from({ length: 16 }, () => Buffer.allocUnsafe(1024 * 1024));
      console.log(JSON.stringify({ mapped: malloc.mapped() - before, held: held.length }));`;
    // The malloc settings `npm start` puts before node, read from the root package.json's start script.
    const start = (
      JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
        scripts: { start: string };
      }
    ).scripts.start;
    const npmStartMalloc = Object.fromEntries([...start.matchAll(/\b(MALLOC_\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
    expect(npmStartMalloc).toMatchObject({ MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' });
    const mappedFor = (mode: 'start' | 'serving') => {
      const run = spawnSync(
        process.execPath,
        ['-e', child, addon, mode, String(SERVING_TRIM_THRESHOLD), String(SERVING_MMAP_THRESHOLD)],
        {
          encoding: 'utf8',
          env: { ...process.env, ...npmStartMalloc },
        },
      );
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { mapped: number }).mapped;
    };
    expect(mappedFor('start')).toBeGreaterThanOrEqual(16 * MB);
    // Nothing of the buffers; another thread's block over 4 MiB at that moment is all it could see.
    expect(mappedFor('serving')).toBeLessThan(8 * MB);
  });

  it('raises the thresholds where the addon has them, and reports when it could not', () => {
    // Last in this file: it changes this test process's malloc settings, as the server's start does.
    expect(keepFreedMemoryForReuse()).toBe(canTrim());
  });
});
