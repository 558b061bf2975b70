import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { forEachBounded } from './bounded.js';

describe('forEachBounded', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachBounded([...Array(20).keys()], 4, async (item) => {
      running++;
      most = Math.max(most, running);
      await sleep(item % 3);
      seen.push(item);
      running--;
    });
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('rejects with the first failure once the running ones settled, and starts nothing after it', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = forEachBounded([...Array(10).keys()], 3, async (item) => {
      started.push(item);
      await sleep(5);
      settled++;
      if (item === 1) throw new Error('one failed');
    });
    await expect(run).rejects.toThrow('one failed');
    expect(settled).toBe(started.length);
    expect(started.length).toBeLessThan(10);
  });
});
