import type { Redis } from 'ioredis';
import { AppError } from './errors.js';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window frees a slot. */
  retryAfter: number;
}

/**
 * Fixed-window counters. In-process on one machine, Redis when several nodes share the load.
 * There is deliberately no "peek": a caller that looked first and counted after its work would let
 * every request that arrived in between through (parallel guesses). Count first, then work.
 */
export interface RateLimiter {
  /**
   * Counts one attempt, atomically (in Redis too), and says whether it stayed within `limit` per
   * window; the window starts with the key's first attempt.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Forgets the key's attempts (a sign-in that succeeded). */
  reset(key: string): Promise<void>;
}

/**
 * Adapts rate-limiter-flexible, whose limiters have one limit and window each, to `hit(key, limit,
 * window)`: one limiter per (limit, window), made when first asked for. A key is only ever used
 * with one limit and window, so its counter lives in one of them.
 */
function flexibleLimiter(make: (points: number, durationSeconds: number) => RateLimiterAbstract): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (limit: number, windowMs: number) => {
    const id = `${limit}/${windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = make(limit, Math.max(1, Math.ceil(windowMs / 1000)));
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const secondsLeft = (res: RateLimiterRes) => Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    async hit(key, limit, windowMs) {
      try {
        const res = await limiterFor(limit, windowMs).consume(key);
        return { allowed: true, retryAfter: secondsLeft(res) };
      } catch (rejection) {
        // Past the limit the library rejects with its result; anything else is a store failure.
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfter: secondsLeft(rejection) };
        throw rejection;
      }
    },
    async reset(key) {
      await Promise.all([...limiters.values()].map((limiter) => limiter.delete(key)));
    },
  };
}

export function memoryRateLimiter(): RateLimiter {
  return flexibleLimiter((points, duration) => new RateLimiterMemory({ points, duration }));
}

/**
 * Counts in Redis with one Lua script per attempt (increment, and start the window's expiry when
 * the key is new), so nodes racing for the same key never both slip through, and a key never
 * outlives its window.
 */
export function redisRateLimiter(redis: Redis, prefix = 'rl'): RateLimiter {
  return flexibleLimiter(
    (points, duration) => new RateLimiterRedis({ storeClient: redis, keyPrefix: prefix, points, duration }),
  );
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
