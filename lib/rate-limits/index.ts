// Rate limits through rate-limiter-flexible, one factory for every domain (login throttling, SMS sends,
// chat, gifts...). Two stores:
// - `createLimiter`: in-process memory, for limits where one node's view is enough (chat flood control);
// - `storedLimiter`: PostgreSQL through drizzle (table `rate_limits`), so every node of a multi-install
//   agrees; login throttling and SMS sends use it. Expired rows are removed by the upkeep job.
// With REDIS_URL both are rate-limiter-flexible's Redis store instead (lib/shared-state/limiter-store.ts).
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  type RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { type LimiterOptions, redisLimiter } from '@/lib/shared-state/limiter-store';
import { rateLimits } from './schema';

export type { LimiterOptions };

export type Limiter = RateLimiterMemory | RateLimiterDrizzle | RateLimiterRedis;

export function createLimiter(options: LimiterOptions): Limiter {
  return redisLimiter(options) ?? new RateLimiterMemory(options);
}

/**
 * rate-limiter-flexible's Drizzle store loads drizzle-orm with a dynamic `import()`, which neither jest
 * (CommonJS) nor a bundled Next server allows; the same three queries with drizzle imported normally.
 */
class DrizzleStoreLimiter extends RateLimiterDrizzle {
  constructor(
    private readonly db: DbOrTx,
    options: LimiterOptions,
  ) {
    super({ ...options, storeClient: db, schema: rateLimits, clearExpiredByTimeout: false });
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const expired = sql`${rateLimits.expire} <= ${now}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, points, expire })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: forceExpire
          ? { points, expire }
          : {
              points: sql`case when ${expired} then ${points} else ${rateLimits.points} + ${points} end`,
              expire: sql`case when ${expired} then ${expire}::timestamptz else ${rateLimits.expire} end`,
            },
      })
      .returning();
    return row;
  }

  async _get(key: string) {
    const [row] = await this.db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), or(gt(rateLimits.expire, new Date()), isNull(rateLimits.expire))))
      .limit(1);
    return row ?? null;
  }

  async _delete(key: string) {
    const deleted = await this.db
      .delete(rateLimits)
      .where(eq(rateLimits.key, key))
      .returning({ key: rateLimits.key });
    return deleted.length > 0;
  }
}

const stored = new WeakMap<object, Map<string, RateLimiterDrizzle>>();

/** A limiter kept in the database `db` (one instance per database and limit). */
export function storedLimiter(db: DbOrTx, options: LimiterOptions): Limiter {
  const shared = redisLimiter(options);
  if (shared) return shared;
  const limiters = stored.get(db) ?? new Map<string, RateLimiterDrizzle>();
  stored.set(db, limiters);
  let limiter = limiters.get(options.keyPrefix);
  if (!limiter) {
    // Expired rows are pruned by the jobs role (`pruneRateLimits`), not by a timer in every process.
    limiter = new DrizzleStoreLimiter(db, options);
    limiters.set(options.keyPrefix, limiter);
  }
  return limiter;
}

/**
 * Limiters for a rate an operator may change (`{count, seconds}` from lib/system/settings.ts): one per
 * rate, made when first asked for, so the next request after a change obeys the new rate.
 */
export function rateLimiterOf(keyPrefix: string) {
  const made = new Map<string, Limiter>();
  return (rate: { count: number; seconds: number }) => {
    const name = `${keyPrefix}:${rate.count}/${rate.seconds}`;
    let limiter = made.get(name);
    if (!limiter) {
      limiter = createLimiter({ keyPrefix: name, points: rate.count, duration: rate.seconds });
      made.set(name, limiter);
    }
    return limiter;
  };
}

/** The seconds to wait in a refusal, for the translated message. */
export function waitValues(msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) };
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
    throw new DomainError(error, { status: 429, values: waitValues(rejection.msBeforeNext) });
  }
}

/** Throws `error` (429) when `key` has no allowance left, without spending any. */
export async function assertAllowed(limiter: Limiter, key: string, error: string) {
  const state = await limiter.get(key);
  if (state && state.remainingPoints <= 0 && state.msBeforeNext > 0)
    throw new DomainError(error, { status: 429, values: waitValues(state.msBeforeNext) });
}

/** Points `key` spent in its current window (0 when none). */
export async function spentPoints(limiter: Limiter, key: string) {
  return (await limiter.get(key))?.consumedPoints ?? 0;
}

/** Spends a point without refusing (counting failures); answers the points now spent. */
export async function record(limiter: Limiter, key: string) {
  try {
    return (await limiter.consume(key)).consumedPoints;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return rejection.consumedPoints;
  }
}

/** Upkeep: rows whose window ended an hour ago. */
export function pruneRateLimits(db: DbOrTx, now = new Date()) {
  return db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - 3600_000)));
}
