// Gift rankings (who gave the most to a room, or across every room, per UTC+8 day / week / month or in
// total) behind one interface. Without Redis they are sums over `gift_sends` (the record of every send);
// with REDIS_URL, sorted sets per window that every accepted send raises (ZINCRBY), built once from
// `gift_sends` the first time a window is read, so they agree with the database from the first read on.
import { inArray } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { RANK_WINDOWS, type RankWindow, rankWindowStart } from '@/lib/live/reservations';
import { contributionRanking, roomContribution } from './service';

export type RankLine = { user_id: number; nickname: string; avatar: string; value: number };
export type GiverScope = { roomId?: number; window: RankWindow; now: Date; limit: number };
export type AcceptedSend = { roomId: number; senderId: number; value: number; at: Date };

export interface GiftRankings {
  /** Counts a committed send (never a replayed one). */
  record(send: AcceptedSend): Promise<void>;
  top(db: DbOrTx, scope: GiverScope): Promise<RankLine[]>;
}

const sqlTop = (db: DbOrTx, { roomId, window, now, limit }: GiverScope) =>
  roomId === undefined
    ? contributionRanking(db, window, now, limit)
    : roomContribution(db, roomId, window, now, limit);

/** The database's sums: nothing to record, `gift_sends` is the ranking. */
export const sqlGiftRankings: GiftRankings = { record: async () => {}, top: sqlTop };

const DAY_MS = 86_400_000;
/** How long a window's set is kept after the window started (it is rebuilt from the database if read later). */
const KEEP_MS: Record<RankWindow, number | null> = {
  day: 2 * DAY_MS,
  week: 8 * DAY_MS,
  month: 32 * DAY_MS,
  total: null,
};
/** Read past the limit, so ties are ordered like the database's (by user id) at the cut. */
const TIE_MARGIN = 20;

function keysOf(scope: { roomId?: number; window: RankWindow; at: Date }) {
  const start = rankWindowStart(scope.window, scope.at)?.getTime() ?? 0;
  const base = `rank:gifts:${scope.roomId ?? 'all'}:${scope.window}:${start}`;
  const keep = KEEP_MS[scope.window];
  return { set: base, built: `${base}:built`, ttlMs: keep === null ? 0 : start + keep - scope.at.getTime() };
}

// KEYS: (built marker, set) pairs; ARGV: member, amount. Raises only sets already built from the database.
const RECORD = `for i = 1, #KEYS, 2 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('ZINCRBY', KEYS[i + 1], ARGV[2], ARGV[1]) end
end`;
// KEYS: built marker, set; ARGV: ttl ms (0: none), then score, member pairs. Builds once.
const BUILD = `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
for i = 2, #ARGV, 2 do redis.call('ZADD', KEYS[2], ARGV[i], ARGV[i + 1]) end
redis.call('SET', KEYS[1], '1')
local ttl = tonumber(ARGV[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) redis.call('PEXPIRE', KEYS[2], ttl) end
return 1`;

/** Everyone who gave in a window, for building its set (the database's order and sums). */
const ALL_GIVERS = 1_000_000;

export function redisGiftRankings(redis: Redis): GiftRankings {
  return {
    async record({ roomId, senderId, value, at }) {
      const keys = RANK_WINDOWS.flatMap((window) =>
        [roomId, undefined].flatMap((room) => {
          const k = keysOf({ roomId: room, window, at });
          return [k.built, k.set];
        }),
      );
      await redis.eval(RECORD, keys.length, ...keys, String(senderId), String(value));
    },
    async top(db, scope) {
      const k = keysOf({ roomId: scope.roomId, window: scope.window, at: scope.now });
      if (!(await redis.exists(k.built))) {
        const all = await sqlTop(db, { ...scope, limit: ALL_GIVERS });
        const args = all.flatMap((line) => [String(line.value), String(line.user_id)]);
        await redis.eval(BUILD, 2, k.built, k.set, String(Math.max(0, k.ttlMs)), ...args);
        return all.slice(0, scope.limit);
      }
      const flat = await redis.zrevrange(k.set, 0, scope.limit + TIE_MARGIN - 1, 'WITHSCORES');
      const scored: { id: number; value: number }[] = [];
      for (let i = 0; i < flat.length; i += 2)
        scored.push({ id: Number(flat[i]), value: Number(flat[i + 1]) });
      scored.sort((a, b) => b.value - a.value || a.id - b.id);
      const top = scored.slice(0, scope.limit);
      if (!top.length) return [];
      const rows = await db
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
        .from(users)
        .where(
          inArray(
            users.id,
            top.map((line) => line.id),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return top.flatMap(({ id, value }) => {
        const user = byId.get(id);
        return user ? [{ user_id: id, nickname: user.nickname, avatar: avatarOf(user), value }] : [];
      });
    },
  };
}
