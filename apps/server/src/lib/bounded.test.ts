import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLimiter, forEachBounded } from './bounded.js';

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

describe('createLimiter', () => {
  it('runs at most its limit at once, the others in the order they came, and frees a slot on failure', async () => {
    const limited = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const calls = [...Array(8).keys()].map((item) =>
      limited(async () => {
        running++;
        most = Math.max(most, running);
        order.push(item);
        await sleep(3);
        running--;
        if (item === 2) throw new Error('two failed');
        return item * 10;
      }),
    );
    const results = await Promise.allSettled(calls);
    expect(most).toBe(2);
    expect(order).toEqual([...Array(8).keys()]);
    expect(results[2]).toMatchObject({ status: 'rejected' });
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([0, 10, 30, 40, 50, 60, 70]);
    // Nothing is left holding a slot: two more run at the same time.
    running = 0;
    most = 0;
    const both = () =>
      limited(async () => {
        running++;
        most = Math.max(most, running);
        await sleep(5);
        running--;
      });
    await Promise.all([both(), both()]);
    expect(most).toBe(2);
  });
});
