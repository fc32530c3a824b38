// Scale-out for real (docs/operations.md "Several nodes"): two portal processes behind Debian's nginx
// (round-robin, websocket transport only, no sticky sessions), one Postgres, one Redis. What one node
// accepts reaches clients of the other; a goal that node A's feeds job finds reaches clients of both; a
// mute set on one holds on the other; SIGKILL of a node leaves the other serving, its clients reconnect
// through nginx, and every chat line the API accepted is in the database.

import { randomInt } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { replayEndsAt } from '@/lib/feeds/replay/replay';
import { loadRecordedMatches } from '@/lib/jobs/feeds';
import { ensureRoom } from '@/lib/live/service';
import { type ServerMessage, unpackMessages } from '@/lib/realtime/events';
import { matches } from '@/lib/scores/schema';
import { makeSignedInUser } from '@/lib/testing/factories';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { serverNow } from './clock';
import { type Cluster, startCluster } from './cluster';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

let cluster: Cluster;
const sockets: Socket[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  cluster = await startCluster();
  // The recorded matches node A's replay feed plays (the 2022 World Cup is enough).
  await clusterDb(async (db) =>
    importOpenfootball(
      db,
      path.join(defaultOpenfootballDir(), 'worldcup-2022'),
      await serverNow(cluster.proxyUrl),
    ),
  );
});
test.afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.stop();
});

type Envelope<T> = { code: number; msg: string; data: T };
async function api<T>(base: string, path: string, token: string, json?: unknown) {
  const request = () =>
    fetch(`${base}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { token, lang: 'en', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  // A kept-alive connection the node closed as idle just as it was reused (the node never read the
  // request): sent again once on a new connection.
  const response = await request().catch((error: Error & { cause?: { code?: string } }) => {
    if (error.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return request();
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** A viewer's socket in a live room, re-registering and re-joining after every reconnect (like client.ts). */
function viewer(url: string, roomId: number) {
  const socket = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  sockets.push(socket);
  const messages: ServerMessage[] = [];
  let joins = 0;
  // A room's frame of pushes arrives as one `batch` (lib/realtime/frames.ts): kept message by message.
  socket.on('message', (raw: unknown) => messages.push(...unpackMessages(raw)));
  socket.on('connect', () => {
    socket.emit('register', { type: 1 });
    socket.emit('joinRoom', { room_id: roomId }, () => {
      joins += 1;
    });
  });
  return {
    socket,
    messages,
    joined: () => joins,
    received: (match: (message: ServerMessage) => boolean) => messages.some(match),
  };
}
type Viewer = ReturnType<typeof viewer>;

const chatLine = (text: string) => (message: ServerMessage) =>
  message.type === 'chat' && JSON.stringify(message).includes(text);

const clusterDb = <T>(use: Parameters<typeof withDatabase<T>>[0]) => withDatabase(use, cluster.databaseUrl);

async function scene() {
  return clusterDb(async (db) => {
    const anchor = await makeSignedInUser(db, { isAnchor: true });
    const room = await ensureRoom(db, anchor.user.id);
    const fans = [await makeSignedInUser(db), await makeSignedInUser(db)];
    for (const fan of fans)
      await runOperation(db, {
        key: `cluster-fund:${fan.user.id}`,
        kind: 'test_fund',
        userId: fan.user.id,
        payload: {},
        now: await serverNow(),
        prepare: async () => ({ legs: [mintLeg(fan.user.id, 'star', 10_000)], result: {} }),
      });
    const { rows } = await db.execute<{ id: number }>(sql`select id from gifts where code = 'football'`);
    return { anchor, room, fans, giftId: rows[0]!.id };
  });
}

test('chat, gifts, rankings, goals and mutes cross from node A to node B', async () => {
  test.setTimeout(180_000);
  const [a, b] = cluster.nodes;
  const { anchor, room, fans, giftId } = await scene();
  const onA = viewer(a.url, room.id);
  const onB = viewer(b.url, room.id);
  await expect.poll(() => onA.joined() + onB.joined()).toBe(2);

  // A chat line sent through node A reaches the viewer on node B.
  const sent = await api<{ id: number }>(a.url, '/api/live/sendChatSensitive', fans[0]!.token, {
    room_id: room.id,
    content: '两个节点都看得到',
  });
  expect(sent.body.code).toBe(0);
  await expect.poll(() => onB.received(chatLine('两个节点都看得到'))).toBe(true);

  // A gift on node A: the viewer on B sees it, and B's ranking has the sender.
  const gift = await api<{ value: number }>(
    a.url,
    `/api/member/handselGift?room_id=${room.id}&gift_id=${giftId}&num=10&key=cluster-gift-${room.id}`,
    fans[1]!.token,
  );
  expect(gift.body).toMatchObject({ code: 0, data: { value: 100 } });
  await expect.poll(() => onB.received((message) => message.type === 'gift')).toBe(true);
  const ranking = await api<{ list: { user_id: number; value: number }[] }>(
    b.url,
    `/api/Gift/roomContribution?room_id=${room.id}&type=day`,
    fans[1]!.token,
  );
  expect(ranking.body.data.list).toEqual([
    expect.objectContaining({ user_id: fans[1]!.user.id, value: 100 }),
  ]);
  // Both nodes count both viewers.
  for (const node of [a, b]) {
    const info = await api<{ online: number }>(node.url, `/api/Live_streaming/getRoomInfo?id=${room.id}`, '');
    expect(JSON.stringify(info.body.data)).toContain('"online":2');
  }

  // A goal found by node A's feeds job reaches clients on both nodes. A replay of the 2022 quarter-final
  // (Molina scores at 35') left live at 25' by a stopped portal, played on at 60x (a match minute a
  // second): the job's catch-up meets it under way, and its next tick sees the goal and pushes it.
  const replayId = await clusterDb(async (db) => {
    const record = (await loadRecordedMatches(db)).find(
      (match) => match.externalId === 'worldcup/2022/Quarter-finals/Netherlands/Argentina',
    )!;
    const [original] = await db
      .select()
      .from(matches)
      .where(sql`${matches.source} = ${record.source} and ${matches.externalId} = ${record.externalId}`);
    const kickoffAt = new Date((await serverNow(cluster.proxyUrl)).getTime() - 25_000);
    const [row] = await db
      .insert(matches)
      .values({
        seasonId: original!.seasonId,
        source: 'replay',
        externalId: `cluster-${randomInt(1e9)}/${record.externalId}`,
        round: original!.round,
        homeTeamId: original!.homeTeamId,
        awayTeamId: original!.awayTeamId,
        kickoffAt,
        expectedEndAt: replayEndsAt(record, kickoffAt, 60),
        status: 'live',
        period: 'first_half',
        minute: 25,
        homeScore: 0,
        awayScore: 0,
        replayOfMatchId: original!.id,
        replayOfDate: '2022-12-09',
        updatedAt: kickoffAt,
      })
      .returning({ id: matches.id });
    return row!.id;
  });
  const goalOfReplay = (message: ServerMessage) =>
    message.type === 'goal' && message.data.match_id === replayId;
  for (const client of [onA, onB])
    await expect.poll(() => client.received(goalOfReplay), { timeout: 90_000 }).toBe(true);
  const goal = onB.messages.find(goalOfReplay)!;
  expect(goal).toMatchObject({
    data: { source: 'replay', home_team_name_zh: '荷兰', away_team_name_zh: '阿根廷' },
  });

  // The anchor mutes a fan on node A; the fan's next line through node B is refused.
  expect(
    (
      await api(b.url, '/api/live/sendChatSensitive', fans[0]!.token, {
        room_id: room.id,
        content: '禁言之前',
      })
    ).body.code,
  ).toBe(0);
  const mute = await api(a.url, '/api/Live/setTaboo', anchor.token, {
    room_id: room.id,
    user_id: fans[0]!.user.id,
    minutes: 10,
  });
  expect(mute.body.code).toBe(0);
  const refused = await api(b.url, '/api/live/sendChatSensitive', fans[0]!.token, {
    room_id: room.id,
    content: '禁言之后',
  });
  expect(refused.status).toBe(403);
  expect(refused.body.code).not.toBe(0);
});

test('SIGKILL of node A: node B keeps serving, clients reconnect through nginx, no accepted line is lost', async () => {
  test.setTimeout(180_000);
  const [a, b] = cluster.nodes;
  const { room, fans } = await scene();
  // Through nginx, round-robin: two of these four land on each node.
  const viewers: Viewer[] = [0, 1, 2, 3].map(() => viewer(cluster.proxyUrl, room.id));
  await expect.poll(() => viewers.reduce((sum, v) => sum + v.joined(), 0)).toBe(4);
  let disconnects = 0;
  for (const v of viewers) v.socket.on('disconnect', () => disconnects++);

  const accepted: number[] = [];
  const sendThroughNginx = async (i: number) => {
    const fan = fans[i % 2]!;
    const reply = await api<{ id: number }>(cluster.proxyUrl, '/api/live/sendChatSensitive', fan.token, {
      room_id: room.id,
      content: `第${i}条消息`,
    });
    expect(reply.body.code).toBe(0);
    accepted.push(reply.body.data.id);
  };
  for (let i = 0; i < 6; i++) await sendThroughNginx(i);
  a.kill();
  await expect.poll(() => a.process.exitCode !== null || a.process.signalCode !== null).toBe(true);
  // The node process itself is gone only when its port refuses: npx (`a.process`) may exit first, and
  // a request nginx sent on a connection the dying node had accepted gets a 502 (a POST is not retried).
  const refuses = () =>
    fetch(`${a.url}/api/health`).then(
      () => false,
      () => true,
    );
  await expect.poll(refuses, { timeout: 30_000 }).toBe(true);
  // Node B serves; nginx passes over the dead node for pages, API calls and websockets.
  expect((await fetch(`${b.url}/api/health`)).ok).toBe(true);
  for (let i = 6; i < 14; i++) await sendThroughNginx(i);
  expect((await fetch(`${cluster.proxyUrl}/main`)).status).toBe(200);

  // The viewers that were on A were dropped and came back (to B): every viewer hears a line sent now.
  expect(disconnects).toBeGreaterThanOrEqual(1);
  await expect.poll(() => viewers.every((v) => v.socket.connected), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(() => viewers.reduce((sum, v) => sum + v.joined(), 0), { timeout: 30_000 })
    .toBe(4 + disconnects);
  await sendThroughNginx(14);
  for (const v of viewers) await expect.poll(() => v.received(chatLine('第14条消息'))).toBe(true);

  // The database holds exactly the lines the API accepted, and the history through nginx shows them all.
  const stored = await clusterDb(async (db) => {
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from chat_messages where channel_kind = 'live' and channel_id = ${room.id} order by id`,
    );
    return rows.map((row) => Number(row.id));
  });
  expect(stored).toEqual([...accepted].sort((x, y) => x - y));
  const history = await api<{ list: { id: number }[] }>(
    cluster.proxyUrl,
    `/api/Barrage/getList?room_id=${room.id}`,
    fans[0]!.token,
  );
  expect(history.body.data.list.map((line) => line.id)).toEqual(stored);
});
