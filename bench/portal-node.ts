// A portal node as the cluster benches compose it in one process (bench/cluster.ts, bench/goal-push.ts),
// the way server.ts does without Next: the socket.io gateway on `server` with the Redis adapter when
// REDIS_URL is set, the node's shared state (lib/shared-state), and on request the API on a port of its
// own (lib/testing/http-server) and the cluster's jobs (lib/jobs: pg-boss on the database; the feeds
// job reads FEEDS and FEED_CLOCK_SPEED from the environment like the portal).
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startPortalNode(
  server: http.Server,
  databaseUrl: string,
  options: { api?: boolean; jobs?: boolean } = {},
) {
  const { createDb } = await import('@/lib/db');
  const { createApiApp } = await import('@/lib/server/api-app');
  const { installGateway } = await import('@/lib/realtime/gateway');
  const { createGateway } = await import('@/lib/realtime/socket-server');
  const { findSessionUser } = await import('@/lib/accounts/session');
  const { redisAdapter } = await import('@/lib/realtime/redis-adapter');
  const { getRedis } = await import('@/lib/redis');
  const { sharedState } = await import('@/lib/shared-state');
  const { setChatStateStore } = await import('@/lib/chat/state-cache');
  const { serveApi } = await import('@/lib/testing/http-server');
  const { startJobs } = await import('@/lib/jobs');
  const { db } = createDb(databaseUrl, 10);
  const redis = getRedis();
  setChatStateStore(sharedState().chatState);
  const adapter = redis ? await redisAdapter(redis) : undefined;
  const io = createGateway(server, {
    resolveUser: (token) => findSessionUser(db, token, new Date()),
    adapter: adapter?.adapter,
  });
  installGateway(io);
  sharedState().online.attach(io);
  const api = options.api ? await serveApi(createApiApp({ db: () => db }), 0) : undefined;
  const jobs = options.jobs ? await startJobs(db, { clock: () => new Date() }) : undefined;
  return {
    io,
    apiPort: api ? (api.address() as AddressInfo).port : undefined,
    /** Lets a running job tick finish (a tick killed mid-run would hold its queue until it expires). */
    stopJobs: async () => jobs?.stop(),
  };
}
