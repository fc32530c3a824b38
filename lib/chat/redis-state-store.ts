// The chat state cache (state-cache.ts) in Redis, shared by every node: a mute, kick-out or settings
// change made on one node is seen by the next send on any other. An invalidation leaves a short
// tombstone: a load that started before it (on any node) may not store its older answer after it.
import type { Redis } from 'ioredis';
import type { ChatStateStore } from './state-cache';

/** Longer than any load of a chat's state takes. */
const TOMBSTONE_MS = 5_000;

// KEYS: value, tombstone; ARGV: json, ttl ms.
const SET_UNLESS_INVALIDATED = `if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

export function redisStateStore(redis: Redis, prefix = 'chat-state:'): ChatStateStore {
  const tombstone = (key: string) => `${prefix}${key}:invalidated`;
  return {
    async get(key) {
      const raw = await redis.get(prefix + key);
      return raw === null ? undefined : JSON.parse(raw);
    },
    async set(key, value, ttlMs) {
      await redis.eval(
        SET_UNLESS_INVALIDATED,
        2,
        prefix + key,
        tombstone(key),
        JSON.stringify(value),
        String(ttlMs),
      );
    },
    async delete(key) {
      await redis
        .multi()
        .del(prefix + key)
        .set(tombstone(key), '1', 'PX', TOMBSTONE_MS)
        .exec();
    },
  };
}
