// A live room's online figure: its sockets on every node. Without Redis, the gateway's own room (one
// node is all there is); with REDIS_URL, each node keeps its rooms' socket counts in a hash of its own
// (raised and lowered as sockets join and leave, rewritten from the adapter every few seconds) beside a
// key that says it is alive, so a node that dies (SIGKILL) stops counting within NODE_TTL_MS.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { onlineIn } from './gateway';

export interface OnlineCounts {
  /** Starts following a gateway's rooms (nothing to do in process). */
  attach(io: Server): void;
  count(room: string): Promise<number>;
  close(): Promise<void>;
}

export const localOnlineCounts: OnlineCounts = {
  attach: () => {},
  count: async (room) => onlineIn(room),
  close: async () => {},
};

const NODES = 'online:nodes';
const HEARTBEAT_MS = 5_000;
export const NODE_TTL_MS = 15_000;
const counted = (room: string) => room.startsWith('live:');

// KEYS[1]: the set of nodes; ARGV[1]: the room. Sums the room over live nodes, forgets dead ones.
const COUNT = `local total = 0
for _, node in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', 'online:alive:' .. node) == 1 then
    total = total + tonumber(redis.call('HGET', 'online:node:' .. node, ARGV[1]) or '0')
  else
    redis.call('SREM', KEYS[1], node)
    redis.call('DEL', 'online:node:' .. node)
  end
end
return total`;

export function redisOnlineCounts(redis: Redis, node: string = randomUUID()): OnlineCounts {
  const hash = `online:node:${node}`;
  const alive = `online:alive:${node}`;
  let timer: NodeJS.Timeout | undefined;
  let io: Server | undefined;
  const snapshot = () => {
    const counts: string[] = [];
    for (const [room, sockets] of io?.of('/').adapter.rooms ?? [])
      if (counted(room)) counts.push(room, String(sockets.size));
    return counts;
  };
  const heartbeat = async () => {
    const counts = snapshot();
    const tx = redis.multi().del(hash);
    if (counts.length) tx.hset(hash, ...counts);
    await tx.pexpire(hash, NODE_TTL_MS).set(alive, '1', 'PX', NODE_TTL_MS).sadd(NODES, node).exec();
  };
  const beat = () => void heartbeat().catch(() => {});
  return {
    attach(server) {
      io = server;
      const adapter = server.of('/').adapter;
      adapter.on('join-room', (room: string) => {
        if (counted(room)) void redis.hincrby(hash, room, 1).catch(() => {});
      });
      adapter.on('leave-room', (room: string) => {
        if (counted(room)) void redis.hincrby(hash, room, -1).catch(() => {});
      });
      beat();
      timer = setInterval(beat, HEARTBEAT_MS);
      timer.unref?.();
    },
    async count(room) {
      return Number(await redis.eval(COUNT, 1, NODES, room));
    },
    async close() {
      clearInterval(timer);
      await redis
        .multi()
        .del(hash, alive)
        .srem(NODES, node)
        .exec()
        .catch(() => {});
    },
  };
}
