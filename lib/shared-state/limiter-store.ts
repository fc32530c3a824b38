// The rate limits' store, picked from the config like the rest of lib/shared-state (a leaf module:
// lib/rate-limits loads it while domains are still loading). With REDIS_URL, rate-limiter-flexible's
// Redis store (ioredis) holds every limit, so all nodes agree; without it, the caller's own store.
// While Redis is away (a restart, a lost connection) each node counts the limit alone in memory, at once,
// instead of failing every request the limit guards (chat, sign-in): rate-limiter-flexible's insurance.
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { getRedis } from '@/lib/redis';

export type LimiterOptions = {
  /** Names the limit; keys of different limits never collide. */
  keyPrefix: string;
  /** How many actions… */
  points: number;
  /** …per this many seconds. */
  duration: number;
  /** Seconds a key stays refused once it went over (default: until its window ends). */
  blockDuration?: number;
};

const limiters = new Map<string, RateLimiterRedis>();

/** The limit in Redis when REDIS_URL is set (one instance per limit), else null. */
export function redisLimiter(options: LimiterOptions): RateLimiterRedis | null {
  const redis = getRedis();
  if (!redis) return null;
  let limiter = limiters.get(options.keyPrefix);
  if (!limiter) {
    const keyPrefix = `rl:${options.keyPrefix}`;
    limiter = new RateLimiterRedis({
      ...options,
      keyPrefix,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ ...options, keyPrefix }),
    });
    limiters.set(options.keyPrefix, limiter);
  }
  return limiter;
}
