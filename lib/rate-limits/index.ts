// Rate limits through rate-limiter-flexible, one factory for every domain (login throttling, chat,
// gifts...). The store is chosen here, not by callers: in-process memory today; the Redis store
// (issue #14, REDIS_URL) plugs in behind the same factory so every node agrees.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '@/lib/api/errors';

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

export type Limiter = RateLimiterMemory;

export function createLimiter(options: LimiterOptions): Limiter {
  return new RateLimiterMemory(options);
}

/**
 * Spends `points` of `key`'s allowance or throws `error` (HTTP 429) with `{seconds}` to wait, for the
 * translated message.
 */
export async function consumeOrThrow(limiter: Limiter, key: string, error: string, points = 1) {
  try {
    return await limiter.consume(key, points);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new DomainError(error, {
      status: 429,
      values: { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) },
    });
  }
}
