import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { noteTransferred } from './collect-garbage.js';

describe('young-generation collections during uploads', () => {
  it('starts one after every 8 MB and none before', async () => {
    const minors: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
        if (detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minors.push(entry);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      // Whatever the counter held before, this crosses 8 MB at most once.
      noteTransferred(8 * 1024 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = minors.length;
      expect(noteTransferred(4 * 1024 * 1024)).toBe(false);
      expect(noteTransferred(4 * 1024 * 1024)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(minors.length).toBeGreaterThan(before);
    } finally {
      observer.disconnect();
    }
  });
});
