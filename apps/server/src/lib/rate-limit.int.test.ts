import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimiter } from './rate-limit.js';

describe.skipIf(!process.env.TEST_REDIS_URL)('redis rate limiter', () => {
  let a: Redis;
  let b: Redis;
  // The test Redis is shared: every key of this file lives under its own prefix.
  const prefix = `test-rl-${randomBytes(6).toString('hex')}`;
  beforeAll(() => {
    a = new Redis(process.env.TEST_REDIS_URL ?? '');
    b = new Redis(process.env.TEST_REDIS_URL ?? '');
  });
  afterAll(async () => {
    const keys = await a.keys(`${prefix}:*`);
    if (keys.length) await a.del(...keys);
    a.disconnect();
    b.disconnect();
  });

  it('shares one window between nodes and resets', async () => {
    const nodeA = redisRateLimiter(a, prefix);
    const nodeB = redisRateLimiter(b, prefix);
    for (let i = 0; i < 3; i++) expect((await nodeA.hit('login', 5, 60_000)).allowed).toBe(true);
    for (let i = 0; i < 2; i++) expect((await nodeB.hit('login', 5, 60_000)).allowed).toBe(true);
    const blocked = await nodeB.hit('login', 5, 60_000);
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfter).toBeGreaterThan(0);
    expect(blocked.retryAfter).toBeLessThanOrEqual(60);
    await nodeA.reset('login');
    expect((await nodeB.hit('login', 5, 60_000)).allowed).toBe(true);
  });

  it('lets exactly the limit through when two nodes race with 200 attempts', async () => {
    const [nodeA, nodeB] = [redisRateLimiter(a, prefix), redisRateLimiter(b, prefix)];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? nodeA : nodeB).hit('burst', 5, 60_000)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    // The window's expiry is set with the first count, in the same script: the key cannot outlive it.
    const ttl = await a.pttl(`${prefix}:burst`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
