import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window frees a slot. */
  retryAfter: number;
}

/** Fixed-window counters. In-process on one machine, Redis when several nodes share the load. */
export interface RateLimiter {
  /** Counts one event and says whether it stayed within `limit` per window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Says whether the key is already at its limit, without counting. */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, limit, windowMs) {
      const w = current(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      if (windows.size > 100_000) for (const k of windows.keys()) if (!current(k)) windows.delete(k);
      return { allowed: w.count <= limit, retryAfter: Math.ceil((w.resetAt - now()) / 1000) };
    },
    async peek(key, limit) {
      const w = current(key);
      return { allowed: !w || w.count < limit, retryAfter: w ? Math.ceil((w.resetAt - now()) / 1000) : 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      const left = ttl < 0 ? windowMs : ttl;
      return { allowed: count <= limit, retryAfter: Math.ceil(left / 1000) };
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { allowed: Number(count ?? 0) < limit, retryAfter: Math.max(0, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Fails closed: when the store behind `limiter` fails (Redis is down), every call is refused with
 * `unavailable()` (a 503) instead of an error nobody expected, and never lets a request through
 * unchecked. Wraps every method, so methods added to RateLimiter later are covered too.
 */
export function failingClosed<T extends object>(limiter: T, unavailable: () => Error): T {
  const wrapped = { ...limiter };
  for (const [name, method] of Object.entries(limiter)) {
    if (typeof method !== 'function') continue;
    Object.assign(wrapped, {
      [name]: async (...args: unknown[]) => {
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>).apply(limiter, args);
        } catch (error) {
          // A refusal the limiter means (an AppError) goes through as it is.
          if (error instanceof AppError) throw error;
          throw Object.assign(unavailable(), { cause: error });
        }
      },
    });
  }
  return wrapped;
}
