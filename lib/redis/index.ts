// The process's Redis connection (REDIS_URL), kept on globalThis like the database pool so the custom
// server and Next's separately bundled route code share it. Unset REDIS_URL: `getRedis()` is null and
// everything that could live in Redis stays in this process (lib/shared-state picks).
import { Redis } from 'ioredis';

type Holder = { client?: Redis; url?: string };
const globalRef = globalThis as { __portalRedis?: Holder };
globalRef.__portalRedis ??= {};
const holder = globalRef.__portalRedis;

export function createRedis(url: string) {
  // Commands wait while a dropped connection comes back (ioredis reconnects by itself); a request that
  // needs Redis fails after a few retries instead of hanging.
  const client = new Redis(url, { maxRetriesPerRequest: 3, enableReadyCheck: true });
  client.on('error', () => {});
  return client;
}

/** The shared client when REDIS_URL is set (validated with the rest of the config at start-up), else null. */
export function getRedis(): Redis | null {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  if (!holder.client || holder.url !== url) {
    holder.client = createRedis(url);
    holder.url = url;
  }
  return holder.client;
}

export async function closeRedis() {
  const client = holder.client;
  holder.client = undefined;
  holder.url = undefined;
  await client?.quit().catch(() => client.disconnect());
}

/** Readiness: answers PONG within `timeoutMs`, else throws. */
export async function pingRedis(client: Redis, timeoutMs = 2000) {
  let timer: NodeJS.Timeout | undefined;
  try {
    const reply = await Promise.race([
      client.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('redis did not answer')), timeoutMs);
      }),
    ]);
    if (reply !== 'PONG') throw new Error(`redis answered ${reply}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The server's major version (sharded pub/sub needs 7). */
export async function redisMajorVersion(client: Redis) {
  const info = await client.info('server');
  return Number(/redis_version:(\d+)/.exec(info)?.[1] ?? 0);
}
