// Event counters in the database (so every node agrees), for limits checked inside a domain's own
// transaction (posts, comments, reports). Login throttling and SMS sends use the rate-limiter-flexible
// factory (`lib/rate-limits`, `login-throttle.ts`, `sms-codes.ts`).
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { rateEvents } from './schema';

const MINUTE = 60_000;

export type RateRule = { bucket: string; max: number; windowMs: number; error: string };

/** Throws the rule's error, with the minutes to wait, when `key` already used up its window. */
export async function assertWithinLimit(db: DbOrTx, rule: RateRule, key: string, now: Date) {
  const since = new Date(now.getTime() - rule.windowMs);
  const where = and(
    eq(rateEvents.bucket, rule.bucket),
    eq(rateEvents.key, key),
    gt(rateEvents.createdAt, since),
  );
  const [{ used }] = (await db.select({ used: count() }).from(rateEvents).where(where)) as [{ used: number }];
  if (used < rule.max) return;
  const [oldest] = await db
    .select({ at: rateEvents.createdAt })
    .from(rateEvents)
    .where(where)
    .orderBy(asc(rateEvents.createdAt))
    .limit(1);
  const waitMs = (oldest?.at.getTime() ?? now.getTime()) + rule.windowMs - now.getTime();
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new DomainError(rule.error, {
    status: 429,
    values: { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) },
  });
}

/** Counts one event of `key` at `now` (the request's instant, the one `assertWithinLimit` measures from). */
export async function recordEvent(db: DbOrTx, bucket: string, key: string, now: Date) {
  await db.insert(rateEvents).values({ bucket, key, createdAt: now });
}

/** Upkeep: nothing older than the longest window matters. */
export function pruneRateEvents(db: DbOrTx, now: Date) {
  return db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(now.getTime() - 24 * 60 * MINUTE)));
}
