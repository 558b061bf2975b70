import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { redisRateLimiter } from './rate-limit.js';

describe.skipIf(!process.env.TEST_REDIS_URL)('redis rate limiter', () => {
  it('shares one window between nodes and resets', async () => {
    const a = new Redis(process.env.TEST_REDIS_URL ?? '');
    const b = new Redis(process.env.TEST_REDIS_URL ?? '');
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    try {
      const nodeA = redisRateLimiter(a, prefix);
      const nodeB = redisRateLimiter(b, prefix);
      for (let i = 0; i < 3; i++) expect((await nodeA.hit('login', 5, 60_000)).allowed).toBe(true);
      for (let i = 0; i < 2; i++) expect((await nodeB.hit('login', 5, 60_000)).allowed).toBe(true);
      expect((await nodeA.peek('login', 5)).allowed).toBe(false);
      const blocked = await nodeB.hit('login', 5, 60_000);
      expect(blocked.allowed).toBe(false);
      expect(blocked.retryAfter).toBeGreaterThan(0);
      await nodeA.reset('login');
      expect((await nodeB.peek('login', 5)).allowed).toBe(true);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});
