// The rate limits' store, picked from the config like the rest of lib/shared-state (a leaf module:
// lib/rate-limits loads it while domains are still loading). With REDIS_URL, rate-limiter-flexible's
// Redis store (ioredis) holds every limit, so all nodes agree; without it, the caller's own store.
import { RateLimiterRedis } from 'rate-limiter-flexible';
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
    limiter = new RateLimiterRedis({ ...options, keyPrefix: `rl:${options.keyPrefix}`, storeClient: redis });
    limiters.set(options.keyPrefix, limiter);
  }
  return limiter;
}
