// socket.io's Redis adapter, so a push to a room reaches its sockets on every node. Sharded pub/sub
// (SPUBLISH/SSUBSCRIBE, Redis 7+) when the server has it — one channel per room, so a node only hears
// rooms it has sockets in —, else classic pub/sub.
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { redisMajorVersion } from '@/lib/redis';

export async function redisAdapter(client: Redis) {
  const sharded = (await redisMajorVersion(client)) >= 7;
  const pub = client.duplicate();
  const sub = client.duplicate();
  // A duplicate has none of the original's listeners: without one, every failed reconnect while Redis is
  // away is printed as an unhandled error event. ioredis reconnects and subscribes again by itself.
  for (const c of [pub, sub]) c.on('error', () => {});
  return {
    sharded,
    adapter: sharded ? createShardedAdapter(pub, sub) : createAdapter(pub, sub),
    close: async () => {
      await Promise.all([pub, sub].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
