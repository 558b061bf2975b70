import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectAfterStartUp } from './collect-garbage.js';
import { canTrim, startMemoryTrimmer, trimFreedMemory } from './malloc-trim.js';

const MB = 1024 * 1024;
const hasCompiler = process.platform === 'linux' && spawnSync(process.env.CC || 'cc', ['--version']).status === 0;

describe('handing freed memory back (ADR 0059)', () => {
  afterEach(() => vi.useRealTimers());

  it.runIf(hasCompiler)('is built where there is a C compiler, so the server has it', () => {
    // `npm run build` runs before the tests; a build that skipped the addon would leave the server
    // at its old memory without a word.
    expect(canTrim()).toBe(true);
  });

  it.runIf(hasCompiler)('returns memory malloc kept after the buffers in it were freed', () => {
    // 64 KB buffers come from malloc's arenas (below its 128 KB mmap threshold); freeing every
    // other one leaves holes that malloc keeps and the resident size does not shrink.
    let buffers: (Buffer | null)[] = Array.from({ length: 1600 }, () => Buffer.alloc(64 * 1024, 1));
    for (let i = 0; i < buffers.length; i += 2) buffers[i] = null;
    collectAfterStartUp();
    const before = process.memoryUsage.rss();
    expect(trimFreedMemory()).toBe(true);
    const after = process.memoryUsage.rss();
    expect(before - after).toBeGreaterThan(20 * MB);
    buffers = [];
    expect(buffers).toHaveLength(0);
  });

  it.runIf(hasCompiler)('trims once the resident size grew a MB over its floor, and not while it stays', () => {
    vi.useFakeTimers();
    let rss = 100 * MB;
    let trims = 0;
    const stop = startMemoryTrimmer({ rss: () => rss, onTrim: () => trims++ });
    try {
      vi.advanceTimersByTime(2000);
      expect(trims).toBe(0); // idle: never
      rss += 0.5 * MB;
      vi.advanceTimersByTime(250);
      expect(trims).toBe(0);
      rss += 0.6 * MB;
      vi.advanceTimersByTime(250);
      expect(trims).toBe(1);
      // Grown in V8's own pages, which a trim does not return: not trimmed again for the same MB.
      vi.advanceTimersByTime(2000);
      expect(trims).toBe(1);
      // Shrunk, then grown a MB over the new floor.
      rss -= 3 * MB;
      vi.advanceTimersByTime(250);
      rss += 1 * MB;
      vi.advanceTimersByTime(250);
      expect(trims).toBe(2);
    } finally {
      stop();
    }
  });
});
