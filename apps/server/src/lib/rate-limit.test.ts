import { afterEach, describe, expect, it, vi } from 'vitest';
import { failingClosed, memoryRateLimiter } from './rate-limit.js';

describe('memory rate limiter', () => {
  afterEach(() => vi.useRealTimers());

  it('allows up to the limit per window and frees the key when the window ends', async () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = memoryRateLimiter();
    for (let i = 0; i < 5; i++) expect((await limiter.hit('k', 5, 60_000)).allowed).toBe(true);
    expect(await limiter.hit('k', 5, 60_000)).toEqual({ allowed: false, retryAfter: 60 });
    expect((await limiter.hit('other', 5, 60_000)).allowed).toBe(true);
    vi.setSystemTime(60_001);
    expect((await limiter.hit('k', 5, 60_000)).allowed).toBe(true);
  });

  it('lets exactly the limit through when the attempts arrive all at once', async () => {
    const limiter = memoryRateLimiter();
    const results = await Promise.all(Array.from({ length: 200 }, () => limiter.hit('burst', 5, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('starts counting again after a reset', async () => {
    const limiter = memoryRateLimiter();
    for (let i = 0; i < 6; i++) await limiter.hit('k', 5, 60_000);
    await limiter.reset('k');
    expect((await limiter.hit('k', 5, 60_000)).allowed).toBe(true);
  });
});

describe('a limiter failing closed', () => {
  it('refuses with the given error when its store fails, for every method, and passes answers through', async () => {
    const unavailable = () => new Error('limiter unavailable');
    const broken = {
      hit: async () => Promise.reject(new Error('connect ECONNREFUSED')),
      peek: async () => ({ allowed: true, retryAfter: 0 }),
      reset: async () => undefined,
      // A method a later change adds is covered too.
      consume: async () => Promise.reject(new Error('Connection is closed.')),
    };
    const limiter = failingClosed(broken, unavailable);
    await expect(limiter.hit()).rejects.toThrow('limiter unavailable');
    await expect(limiter.consume()).rejects.toMatchObject({ cause: new Error('Connection is closed.') });
    await expect(limiter.peek()).resolves.toEqual({ allowed: true, retryAfter: 0 });
  });
});
