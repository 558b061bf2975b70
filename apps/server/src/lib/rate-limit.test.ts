import { describe, expect, it } from 'vitest';
import { failingClosed, memoryRateLimiter } from './rate-limit.js';

describe('memory rate limiter', () => {
  it('allows up to the limit per window and frees the key when the window ends', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    for (let i = 0; i < 5; i++) expect((await limiter.hit('k', 5, 60_000)).allowed).toBe(true);
    expect((await limiter.peek('k', 5)).allowed).toBe(false);
    const blocked = await limiter.hit('k', 5, 60_000);
    expect(blocked).toEqual({ allowed: false, retryAfter: 60 });
    expect((await limiter.peek('other', 5)).allowed).toBe(true);
    now = 60_001;
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
