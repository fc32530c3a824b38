// Counts of searches per UTC+8 day for the hot list, behind one interface: rows of `search_terms` in the
// database without Redis, a sorted set per day (ZINCRBY, kept three days) with REDIS_URL.
import { desc, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { DbOrTx } from '@/lib/db';
import { searchTerms } from './schema';

export type TermCount = { term: string; count: number };

export interface HotSearchCounter {
  add(db: DbOrTx, day: string, term: string): Promise<void>;
  /** The day's most searched terms, most first, ties by term. */
  top(db: DbOrTx, day: string, limit: number): Promise<TermCount[]>;
}

export const postgresHotSearches: HotSearchCounter = {
  async add(db, day, term) {
    await db
      .insert(searchTerms)
      .values({ day, term, count: 1 })
      .onConflictDoUpdate({
        target: [searchTerms.day, searchTerms.term],
        set: { count: sql`${searchTerms.count} + 1` },
      });
  },
  top: (db, day, limit) =>
    db
      .select({ term: searchTerms.term, count: searchTerms.count })
      .from(searchTerms)
      .where(eq(searchTerms.day, day))
      .orderBy(desc(searchTerms.count), searchTerms.term)
      .limit(limit),
};

const KEEP_SECONDS = 3 * 86_400;
/** Read past the limit, so ties at the cut are ordered by term like the database's. */
const TIE_MARGIN = 20;

export function redisHotSearches(redis: Redis): HotSearchCounter {
  const key = (day: string) => `search:hot:${day}`;
  return {
    async add(_db, day, term) {
      await redis.multi().zincrby(key(day), 1, term).expire(key(day), KEEP_SECONDS).exec();
    },
    async top(_db, day, limit) {
      const flat = await redis.zrevrange(key(day), 0, limit + TIE_MARGIN - 1, 'WITHSCORES');
      const rows: TermCount[] = [];
      for (let i = 0; i < flat.length; i += 2) rows.push({ term: flat[i]!, count: Number(flat[i + 1]) });
      rows.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
      return rows.slice(0, limit);
    },
  };
}
