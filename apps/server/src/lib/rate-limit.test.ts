import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './rate-limit.js';

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
