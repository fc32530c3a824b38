// REDIS_URL set: the same API and gateway with their shared state in a real redis-server (Debian's).
// Rankings and hot searches answer what the database's versions answer; rate limits, online counts and
// the chat state cache are shared by two "nodes" (two gateways, two stores) through Redis.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { findSessionUser } from '@/lib/accounts/session';
import { redisStateStore } from '@/lib/chat/redis-state-store';
import { cachedChatState, memoryStateStore, setChatStateStore } from '@/lib/chat/state-cache';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { sqlGiftRankings } from '@/lib/gifts/rankings';
import { ensureRoom } from '@/lib/live/service';
import { createLimiter, storedLimiter } from '@/lib/rate-limits';
import { rooms, type ServerMessage } from '@/lib/realtime/events';
import { redisOnlineCounts } from '@/lib/realtime/online';
import { redisAdapter } from '@/lib/realtime/redis-adapter';
import { createGateway } from '@/lib/realtime/socket-server';
import { closeRedis, createRedis } from '@/lib/redis';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { startRedis, type TestRedis } from '@/lib/testing/redis';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { sharedState } from '.';

let redis: TestRedis;
let client: Redis;
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
const closers: (() => unknown)[] = [];
const clients: Redis[] = [];
const connection = () => {
  const made = createRedis(redis.url);
  clients.push(made);
  return made;
};

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  redis = await startRedis();
  process.env.REDIS_URL = redis.url;
  client = createRedis(redis.url);
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedGiftCatalog(testDb.db);
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  client.disconnect();
  for (const made of clients) made.disconnect();
  await closeRedis();
  delete process.env.REDIS_URL;
  await testDb.close();
  await redis.stop();
});

it('picks Redis for every shared store when REDIS_URL is set, and /api/health reports it', async () => {
  expect(sharedState().backend).toBe('redis');
  const health = await call<{ status: string; redis: string; now: string }>('/api/health');
  // `now` is the portal's clock (what e2e tests take as the time).
  expect(health.body.data).toEqual({ status: 'ok', redis: 'ok', now: NOON.toISOString() });
});

it('keeps the gift rankings in sorted sets that agree with gift_sends, built from them on first read', async () => {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  const { rows: giftRows } = await testDb.db.execute<{ id: number }>(
    sql`select id from gifts where code = 'football'`,
  );
  const giftId = giftRows[0]!.id;
  const viewers = await Promise.all([1, 2, 3].map(() => makeSignedInUser(testDb.db)));
  for (const viewer of viewers)
    await runOperation(testDb.db, {
      key: `fund:${viewer.user.id}`,
      kind: 'test_fund',
      userId: viewer.user.id,
      payload: {},
      now: NOON,
      prepare: async () => ({ legs: [mintLeg(viewer.user.id, 'star', 10_000)], result: {} }),
    });
  const send = (token: string, num: number, key: string) =>
    call<{ replayed: boolean }>(
      `/api/member/handselGift?room_id=${room.id}&gift_id=${giftId}&num=${num}&key=${key}`,
      {
        headers: { token },
      },
    );
  // Sent before any ranking was read: the set is built from the database on the first read.
  expect((await send(viewers[0]!.token, 10, 'first-send')).body.code).toBe(0);
  const ranking = (type: string) =>
    call<{ list: { user_id: number; value: number }[] }>(
      `/api/Gift/roomContribution?room_id=${room.id}&type=${type}`,
    );
  expect((await ranking('day')).body.data.list).toEqual([
    expect.objectContaining({ user_id: viewers[0]!.user.id }),
  ]);
  // Later sends raise the built set; a replayed send (same key) counts once.
  await send(viewers[1]!.token, 66, 'second-send');
  await send(viewers[2]!.token, 1, 'third-send');
  await send(viewers[2]!.token, 1, 'third-send');
  await send(viewers[0]!.token, 10, 'fourth-send');
  for (const window of ['day', 'week', 'month', 'total'] as const) {
    const fromRedis = (await ranking(window)).body.data.list;
    const fromDb = await sqlGiftRankings.top(testDb.db, { roomId: room.id, window, now: NOON, limit: 20 });
    expect(fromRedis).toEqual(fromDb);
    expect(fromRedis.map((line) => line.value)).toEqual([660, 200, 10]);
  }
  const global = await call<{ list: { user_id: number; value: number }[] }>(
    '/api/Gift/contributionRank?type=week',
  );
  expect(global.body.data.list).toEqual(
    await sqlGiftRankings.top(testDb.db, { window: 'week', now: NOON, limit: 30 }),
  );
  expect(await client.keys('rank:gifts:*:built')).toHaveLength(5);
});

it('counts hot searches in a sorted set per day, the database table untouched', async () => {
  const reader = await makeSignedInUser(testDb.db);
  const other = await makeSignedInUser(testDb.db);
  for (const [token, name] of [
    [reader.token, '梅西'],
    [other.token, '梅西'],
    [reader.token, '皇马'],
  ] as const)
    expect((await call('/api/Search/record', { json: { name }, headers: { token } })).status).toBe(200);
  const hot = await call<{ short_name_zh: string; count: number }[]>('/api/Search/index');
  expect(hot.body.data).toEqual([
    { short_name_zh: '梅西', count: 2 },
    { short_name_zh: '皇马', count: 1 },
  ]);
  const { rows } = await testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from search_terms`);
  expect(rows[0]!.n).toBe(0);
  expect(await client.ttl('search:hot:2026-06-15')).toBeGreaterThan(86_400);
});

it('keeps rate limits in Redis, so two nodes share one allowance', async () => {
  const limiter = createLimiter({ keyPrefix: 'scale-test', points: 2, duration: 60 });
  expect(storedLimiter(testDb.db, { keyPrefix: 'scale-test', points: 2, duration: 60 })).toBe(limiter);
  await limiter.consume('viewer-1');
  // Another node: its own client, the same store.
  const { RateLimiterRedis } = await import('rate-limiter-flexible');
  const otherNode = new RateLimiterRedis({
    storeClient: client,
    keyPrefix: 'rl:scale-test',
    points: 2,
    duration: 60,
  });
  await otherNode.consume('viewer-1');
  await expect(limiter.consume('viewer-1')).rejects.toMatchObject({ remainingPoints: 0 });
});

it('lets a chat state invalidation on one node reach the next read on another, and refuses a stale store', async () => {
  const nodeA = redisStateStore(client);
  const nodeB = redisStateStore(connection());
  await nodeB.set('chat:channel:live:1', { mutes: [] }, 30_000);
  expect(await nodeA.get('chat:channel:live:1')).toEqual({ mutes: [] });
  await nodeA.delete('chat:channel:live:1');
  expect(await nodeB.get('chat:channel:live:1')).toBeUndefined();
  // A load node B started before the mute finishes after it: its older answer is not kept.
  await nodeB.set('chat:channel:live:1', { mutes: [] }, 30_000);
  expect(await nodeA.get('chat:channel:live:1')).toBeUndefined();
});

describe('two gateways on one Redis', () => {
  type Node = { io: Server; url: string; online: ReturnType<typeof redisOnlineCounts> };
  const nodes: Node[] = [];

  beforeAll(async () => {
    for (const name of ['a', 'b']) {
      const server = http.createServer();
      const { adapter, sharded, close } = await redisAdapter(connection());
      expect(sharded).toBe(true);
      const io = createGateway(server, {
        resolveUser: (token) => findSessionUser(testDb.db, token, NOON),
        adapter,
      });
      const online = redisOnlineCounts(connection(), `node-${name}`);
      online.attach(io);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      nodes.push({ io, online, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      closers.push(async () => {
        await online.close();
        io.close();
        await close();
      });
    }
  });

  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });
  const viewer = async (node: Node, roomId: number) => {
    const socket = connect(node.url, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    socket.emit('register', { type: 1 });
    expect(await socket.timeout(10_000).emitWithAck('joinRoom', { room_id: roomId })).toEqual({ ok: true });
    return socket;
  };
  const next = (socket: Socket, type: ServerMessage['type']) =>
    new Promise<ServerMessage>((resolve) => {
      const listener = (message: ServerMessage) => {
        if (message.type !== type) return;
        socket.off('message', listener);
        resolve(message);
      };
      socket.on('message', listener);
    });

  it('delivers a push made on node A to a viewer on node B and counts the room over both', async () => {
    const [a, b] = nodes as [Node, Node];
    const onA = await viewer(a, 4242);
    const onB = await viewer(b, 4242);
    const arrived = Promise.all([next(onA, 'heatUpdate'), next(onB, 'heatUpdate')]);
    a.io.to(rooms.liveRoom(4242)).emit('message', { type: 'heatUpdate', room_id: 4242, data: { heat: 7 } });
    for (const message of await arrived) expect(message).toMatchObject({ room_id: 4242 });
    expect(await a.online.count(rooms.liveRoom(4242))).toBe(2);
    expect(await b.online.count(rooms.liveRoom(4242))).toBe(2);
    onB.close();
    await until(async () => (await a.online.count(rooms.liveRoom(4242))) === 1);
  });

  it('stops counting a node whose liveness key is gone (a node killed without closing)', async () => {
    const [a, b] = nodes as [Node, Node];
    await viewer(b, 4343);
    await viewer(a, 4343);
    expect(await a.online.count(rooms.liveRoom(4343))).toBe(2);
    await client.del('online:alive:node-b');
    expect(await a.online.count(rooms.liveRoom(4343))).toBe(1);
    expect(await client.sismember('online:nodes', 'node-b')).toBe(0);
  });
});

// Last: it stops the file's redis-server (and starts an empty one on its port for the `afterAll`).
it('rides out Redis going away: limits count in this process, the chat state cache reads the database, a gift answers', async () => {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  const fan = await makeSignedInUser(testDb.db);
  await runOperation(testDb.db, {
    key: `fund-away:${fan.user.id}`,
    kind: 'test_fund',
    userId: fan.user.id,
    payload: {},
    now: NOON,
    prepare: async () => ({ legs: [mintLeg(fan.user.id, 'star', 1_000)], result: {} }),
  });
  const { rows } = await testDb.db.execute<{ id: number }>(sql`select id from gifts where code = 'football'`);
  const limiter = createLimiter({ keyPrefix: 'away-test', points: 2, duration: 60 });
  const cache = redisStateStore(connection());
  setChatStateStore(cache);
  await redis.stop();
  try {
    // The limit still holds, counted here.
    await limiter.consume('viewer-1');
    await limiter.consume('viewer-1');
    await expect(limiter.consume('viewer-1')).rejects.toMatchObject({ remainingPoints: 0 });
    // The cache cannot answer: the load answers, nothing is kept.
    expect(await cachedChatState('away:key', async () => 'from the database')).toBe('from the database');
    // A send that committed answers so (its ranking cannot be raised now; it is rebuilt from gift_sends).
    const sent = await call<{ value: number; replayed: boolean }>(
      `/api/member/handselGift?room_id=${room.id}&gift_id=${rows[0]!.id}&num=1&key=away-send`,
      { headers: { token: fan.token } },
    );
    expect(sent.body).toMatchObject({ code: 0, data: { value: 10, replayed: false } });
  } finally {
    setChatStateStore(memoryStateStore());
    redis = await startRedis({ port: redis.port });
  }
}, 60_000);
