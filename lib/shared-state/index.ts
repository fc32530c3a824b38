// Where the state every node must agree on lives, picked once from the config (like lib/db picks the
// database): with REDIS_URL, Redis — live rooms' online counts, hot-search counters, gift rankings, the
// chat state cache (and the rate limits, ./limiter-store.ts) —; without it, this process or the database,
// behind the same interfaces. Domains take these stores as parameters; routes and server.ts pass them.
import { redisStateStore } from '@/lib/chat/redis-state-store';
import { type ChatStateStore, memoryStateStore } from '@/lib/chat/state-cache';
import { type GiftRankings, redisGiftRankings, sqlGiftRankings } from '@/lib/gifts/rankings';
import { localOnlineCounts, type OnlineCounts, redisOnlineCounts } from '@/lib/realtime/online';
import { getRedis } from '@/lib/redis';
import { type HotSearchCounter, postgresHotSearches, redisHotSearches } from '@/lib/search/hot-counter';

export type SharedState = {
  backend: 'redis' | 'process';
  online: OnlineCounts;
  hotSearches: HotSearchCounter;
  rankings: GiftRankings;
  chatState: ChatStateStore;
};

type Holder = { state?: SharedState; url?: string };
const globalRef = globalThis as { __portalSharedState?: Holder };
globalRef.__portalSharedState ??= {};
const holder = globalRef.__portalSharedState;

function compose(): SharedState {
  const redis = getRedis();
  if (!redis)
    return {
      backend: 'process',
      online: localOnlineCounts,
      hotSearches: postgresHotSearches,
      rankings: sqlGiftRankings,
      chatState: memoryStateStore(),
    };
  return {
    backend: 'redis',
    online: redisOnlineCounts(redis),
    hotSearches: redisHotSearches(redis),
    rankings: redisGiftRankings(redis),
    chatState: redisStateStore(redis),
  };
}

/** The stores of this process (one set per process, shared with Next's bundled route code). */
export function sharedState(): SharedState {
  const url = process.env.REDIS_URL ?? '';
  if (!holder.state || holder.url !== url) {
    holder.state = compose();
    holder.url = url;
  }
  return holder.state;
}
