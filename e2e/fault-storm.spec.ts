// Faults in the cluster, proven (issue #46): two portal nodes behind nginx with Redis, on a Debian
// PostgreSQL server of the spec's own (e2e/debian-postgres.ts), under one storm of money moves (gifts to
// the anchor, red envelopes sent and grabbed between fans) and chat, through node A, node B and nginx.
// During the storm node A (the jobs node) is killed with SIGKILL and started again, Redis is stopped and
// started again (empty), and the PostgreSQL server is stopped and started again. Clients retry a money
// move with its key until it is answered, on the next address in turn, as the portal's clients do.
// Afterwards: every acknowledged operation is in the database once, no balance is negative, the ledger
// check is clean; chat and pushes cross the nodes again within 5 s of Redis returning; every socket came
// back by itself. Runs only in CI's PostgreSQL pass (scripts/e2e-postgres.sh sets E2E_FAULT_STORM=on).

// No page: the storm is sockets and API calls, so no browser (and no CSP guard) is started.
import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { ensureRoom } from '@/lib/live/service';
import { type ServerMessage, unpackMessages } from '@/lib/realtime/events';
import { HOLDINGS } from '@/lib/server/holdings';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { serverNow } from './clock';
import { type Cluster, startCluster } from './cluster';
import { withDatabase } from './database';
import { type DebianPostgres, startDebianPostgres } from './debian-postgres';

const FANS = 12;
const WORKERS = 6;
const FUND = 1_000_000;
/** Chat and pushes must cross the nodes again within this long of Redis answering again. */
const RESUME_MS = 5_000;
const PROBERS = 8;

type Fault = 'node' | 'redis' | 'postgres';
type Kind = 'gift' | 'envelope' | 'grab' | 'chat';
type Op = {
  kind: Kind;
  /** When its first attempt went out and its answer came (performance.now()). */
  from: number;
  to?: number;
  /** The ledger's key (`gift:<sender>:<key>`…) or, for chat, the line's text. */
  ledgerKey: string;
  acked: boolean;
  /** Answered by a replay of its key: an earlier attempt had committed though its client saw a failure. */
  replayed: boolean;
  tries: number;
  refused?: string;
  id?: number;
};

let pg: DebianPostgres;
let cluster: Cluster;
const sockets: Socket[] = [];
const runStarted = performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  pg = await startDebianPostgres();
  cluster = await startCluster({ server: pg.url });
  console.log(`fault storm: cluster up in ${seconds(performance.now() - runStarted)}`);
});
test.afterAll(async () => {
  for (const socket of sockets) socket.close();
  // The server must be up for the cluster's database to be dropped.
  try {
    pg?.start();
  } catch {}
  await cluster?.stop();
  pg?.remove();
});

const clusterDb = <T>(use: Parameters<typeof withDatabase<T>>[0]) => withDatabase(use, cluster.databaseUrl);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Envelope<T> = { code: number; msg: string; data: T };
type Reply<T> = { status: number; body?: Envelope<T> };
/** One attempt: status 0 when the connection failed, no body when the answer was not the envelope (a 502). */
async function call<T>(base: string, path: string, token: string, json?: unknown): Promise<Reply<T>> {
  try {
    const response = await fetch(`${base}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { token, lang: 'en', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as Envelope<T> };
    } catch {
      return { status: response.status };
    }
  } catch {
    return { status: 0 };
  }
}

/** A viewer's socket in the live room, registering and joining again after every reconnect (like client.ts). */
function viewer(url: string, roomId: number) {
  const socket = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  sockets.push(socket);
  const arrivals: { message: ServerMessage; at: number }[] = [];
  let joins = 0;
  let disconnects = 0;
  socket.on('message', (raw: unknown) => {
    const at = performance.now();
    for (const message of unpackMessages(raw)) arrivals.push({ message, at });
  });
  socket.on('connect', () => {
    socket.emit('register', { type: 1 });
    socket.emit('joinRoom', { room_id: roomId }, () => {
      joins += 1;
    });
  });
  socket.on('disconnect', () => {
    disconnects += 1;
  });
  return {
    socket,
    joined: () => joins,
    disconnects: () => disconnects,
    /** When a message matching `match` arrived, or undefined. */
    arrivalOf: (match: (message: ServerMessage) => boolean) => arrivals.find((a) => match(a.message))?.at,
  };
}
type Viewer = ReturnType<typeof viewer>;
const chatText = (text: string) => (message: ServerMessage) =>
  message.type === 'chat' && JSON.stringify(message).includes(text);
const giftPush = (sendId: number) => (message: ServerMessage) =>
  message.type === 'gift' && JSON.stringify(message).includes(`"send_id":${sendId}`);

async function scene() {
  return clusterDb(async (db) => {
    const now = await serverNow();
    const anchor = await makeSignedInUser(db, { isAnchor: true });
    const room = await ensureRoom(db, anchor.user.id);
    const fans = [];
    for (let i = 0; i < FANS + PROBERS; i++) fans.push(await makeSignedInUser(db));
    for (const fan of fans)
      await runOperation(db, {
        key: `storm-fund:${fan.user.id}`,
        kind: 'test_fund',
        userId: fan.user.id,
        payload: {},
        now,
        prepare: async () => ({ legs: [mintLeg(fan.user.id, 'star', FUND)], result: {} }),
      });
    const { rows } = await db.execute<{ id: number }>(sql`select id from gifts where code = 'football'`);
    // The last fans only probe chat and pushes across the nodes (in turn: each has 20 lines in 30 s).
    return { anchor, room, fans: fans.slice(0, FANS), probers: fans.slice(FANS), giftId: rows[0]!.id };
  });
}

test('a storm of money and chat through a node kill, a Redis restart and a PostgreSQL restart', async () => {
  test.setTimeout(240_000);
  const stormStarted = performance.now();
  const [a, b] = [cluster.nodes[0].url, cluster.nodes[1].url];
  const targets = [a, b, cluster.proxyUrl];
  const { room, fans, probers, giftId } = await scene();

  // Viewers on each node directly (to time what crosses the nodes) and two through nginx.
  const onA = viewer(a, room.id);
  const onB = viewer(b, room.id);
  const viewers: Viewer[] = [onA, onB, viewer(cluster.proxyUrl, room.id), viewer(cluster.proxyUrl, room.id)];
  await expect.poll(() => viewers.every((v) => v.joined() > 0), { timeout: 30_000 }).toBe(true);

  /** Each fault's window: from the fault until the cluster serves again. */
  const windows: Partial<Record<Fault, { from: number; to: number }>> = {};
  let stopped = false;
  const ops: Op[] = [];
  const openEnvelopes: { id: number; sender: number }[] = [];
  let turn = 0;
  const nextTarget = () => targets[turn++ % targets.length]!;

  /** A money move, tried again with its key on the next address until it is answered (or refused). */
  async function money<T>(op: Op, path: string, token: string, json?: unknown) {
    ops.push(op);
    for (;;) {
      op.tries += 1;
      const reply = await call<T & { replayed: boolean }>(nextTarget(), path, token, json);
      if (reply.status === 200 && reply.body?.code === 0) {
        op.acked = true;
        op.replayed = reply.body.data.replayed;
        op.to = performance.now();
        return reply.body.data;
      }
      // A refusal (a 4xx with the envelope) is an answer: nothing moved.
      if (reply.body && reply.status >= 400 && reply.status < 500) {
        op.refused = reply.body.msg;
        op.to = performance.now();
        return undefined;
      }
      await sleep(200);
    }
  }

  const worker = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      const fan = fans[(w * 7 + i) % fans.length]!;
      const key = `storm-${w}-${i}`;
      const roll = i % 5;
      if (roll <= 1) {
        await money(
          {
            kind: 'gift',
            from: performance.now(),
            ledgerKey: `gift:${fan.user.id}:${key}`,
            acked: false,
            replayed: false,
            tries: 0,
          },
          `/api/member/handselGift?room_id=${room.id}&gift_id=${giftId}&num=1&key=${key}`,
          fan.token,
        );
      } else if (roll === 2) {
        const sent = await money<{ id: number }>(
          {
            kind: 'envelope',
            from: performance.now(),
            ledgerKey: `red:${fan.user.id}:${key}`,
            acked: false,
            replayed: false,
            tries: 0,
          },
          '/api/Redenvelope/insert',
          fan.token,
          { room_id: room.id, amount: 30, num: 3, key },
        );
        if (sent) openEnvelopes.push({ id: sent.id, sender: fan.user.id });
      } else if (roll === 3) {
        const envelope = openEnvelopes.find((e) => e.sender !== fan.user.id);
        if (!envelope) continue;
        openEnvelopes.splice(openEnvelopes.indexOf(envelope), 1);
        await money(
          {
            kind: 'grab',
            from: performance.now(),
            ledgerKey: `red-claim:${fan.user.id}:${key}`,
            acked: false,
            replayed: false,
            tries: 0,
          },
          '/api/Redenvelope/receiveRed',
          fan.token,
          { red_id: envelope.id, key },
        );
      } else {
        // Chat has no key: one attempt, and a line is acknowledged only by its answer.
        const text = `风暴 ${key}`;
        const op: Op = {
          kind: 'chat',
          from: performance.now(),
          ledgerKey: text,
          acked: false,
          replayed: false,
          tries: 1,
        };
        ops.push(op);
        const reply = await call<{ id: number }>(nextTarget(), '/api/live/sendChatSensitive', fan.token, {
          room_id: room.id,
          content: text,
        });
        op.to = performance.now();
        if (reply.status === 200 && reply.body?.code === 0) {
          op.acked = true;
          op.id = reply.body.data.id;
        } else if (reply.body && reply.status >= 400 && reply.status < 500) op.refused = reply.body.msg;
      }
    }
  };
  const storm = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  const healthy = async (url: string) => (await call(url, '/api/health', '')).status === 200;

  await sleep(3_000);
  // 1. SIGKILL of node A (the jobs node) in the middle of the storm, then A started again.
  let started = performance.now();
  await cluster.killNode(0);
  await sleep(2_000);
  await cluster.startNode(0);
  await expect.poll(() => healthy(a), { timeout: 30_000 }).toBe(true);
  // Its viewer came back by itself.
  await expect.poll(() => onA.socket.connected && onA.joined() >= 2, { timeout: 30_000 }).toBe(true);
  windows.node = { from: started, to: performance.now() };
  await sleep(2_000);

  // 2. Redis stopped for 3 s and started again (empty). Chat and pushes must cross the nodes again
  // within RESUME_MS of its return: a line through A reaching B's viewer and one through B reaching A's,
  // and a gift through each reaching the other's viewer.
  started = performance.now();
  await cluster.stopRedis();
  await sleep(3_000);
  await cluster.startRedis();
  const redisBack = performance.now();
  const resumed = { chatAtoB: 0, chatBtoA: 0, giftAtoB: 0, giftBtoA: 0 };
  await (async () => {
    const probes = [
      { name: 'chatAtoB', from: a, to: onB },
      { name: 'chatBtoA', from: b, to: onA },
    ] as const;
    const gifts = [
      { name: 'giftAtoB', from: a, to: onB },
      { name: 'giftBtoA', from: b, to: onA },
    ] as const;
    const sentLines: { name: keyof typeof resumed; text: string; to: Viewer }[] = [];
    const sentGifts: { name: keyof typeof resumed; sendId: number; to: Viewer }[] = [];
    let n = 0;
    // Every round sends the four probes at once (a probe still waiting does not delay the others).
    while (performance.now() - redisBack < RESUME_MS * 3) {
      n += 1;
      const round = n;
      await Promise.all([
        ...probes
          .filter((probe) => !resumed[probe.name])
          .map(async (probe) => {
            const text = `探针 ${probe.name} ${round}`;
            const reply = await call<{ id: number }>(
              probe.from,
              '/api/live/sendChatSensitive',
              probers[(round * 2 + probes.indexOf(probe)) % PROBERS]!.token,
              {
                room_id: room.id,
                content: text,
              },
            );
            if (reply.body?.code === 0) sentLines.push({ name: probe.name, text, to: probe.to });
          }),
        ...gifts
          .filter((gift) => !resumed[gift.name])
          .map(async (gift) => {
            const reply = await call<{ send_id: number }>(
              gift.from,
              `/api/member/handselGift?room_id=${room.id}&gift_id=${giftId}&num=1&key=probe-${gift.name}-${round}`,
              probers[(round * 2 + gifts.indexOf(gift)) % PROBERS]!.token,
            );
            if (reply.body?.code === 0)
              sentGifts.push({ name: gift.name, sendId: reply.body.data.send_id, to: gift.to });
          }),
        sleep(250),
      ]);
      for (const line of sentLines) {
        const at = line.to.arrivalOf(chatText(line.text));
        if (at && !resumed[line.name]) resumed[line.name] = at - redisBack;
      }
      for (const gift of sentGifts) {
        const at = gift.to.arrivalOf(giftPush(gift.sendId));
        if (at && !resumed[gift.name]) resumed[gift.name] = at - redisBack;
      }
      if (Object.values(resumed).every(Boolean)) break;
    }
  })();
  windows.redis = { from: started, to: performance.now() };
  await sleep(2_000);

  // 3. The PostgreSQL server stopped (fast: every connection closed) for 2 s and started again.
  started = performance.now();
  pg.stop();
  await sleep(2_000);
  pg.start();
  // The server's own time of its return: the jobs node's ticks completed after it are counted below.
  const pgBackAt = await clusterDb(async (db) => {
    const { rows } = await db.execute<{ now: string }>(sql`select now()::text as now`);
    return rows[0]!.now;
  });
  await expect.poll(async () => (await healthy(a)) && (await healthy(b)), { timeout: 30_000 }).toBe(true);
  windows.postgres = { from: started, to: performance.now() };
  await sleep(3_000);
  stopped = true;
  await storm;
  const stormMs = performance.now() - stormStarted;

  // Every socket came back by itself and hears a line sent through either node.
  await expect.poll(() => viewers.every((v) => v.socket.connected), { timeout: 30_000 }).toBe(true);
  for (const [from, text] of [
    [a, '风暴之后 A'],
    [b, '风暴之后 B'],
  ] as const) {
    const reply = await call<{ id: number }>(from, '/api/live/sendChatSensitive', probers[0]!.token, {
      room_id: room.id,
      content: text,
    });
    expect(reply.body?.code, reply.body?.msg).toBe(0);
    for (const v of viewers) await expect.poll(() => Boolean(v.arrivalOf(chatText(text)))).toBe(true);
  }

  // Node A's job queue (pg-boss, lib/jobs/queue.ts) runs ticks again after the restart: guess-upkeep,
  // due every 5 s, completes one.
  await expect
    .poll(
      () =>
        clusterDb(async (db) => {
          const { rows } = await db.execute<{ count: number }>(
            sql`select count(*)::int as count from pgboss.job where name = 'guess-upkeep'
                and state = 'completed' and completed_on > ${pgBackAt}::timestamptz`,
          );
          return Number(rows[0]!.count);
        }),
      { timeout: 30_000, message: 'a job tick completed after the PostgreSQL restart' },
    )
    .toBeGreaterThan(0);

  // What the database holds, against what the clients were told.
  const facts = await clusterDb(async (db) => {
    const operations = await db.execute<{ key: string; copies: number }>(
      sql`select idempotency_key as key, count(*)::int as copies from wallet_operations
          where idempotency_key like 'gift:%' or idempotency_key like 'red%' group by idempotency_key`,
    );
    const sends = await db.execute<{ key: string; copies: number }>(
      sql`select o.idempotency_key as key, count(*)::int as copies from gift_sends s
          join wallet_operations o on o.id = s.operation_id group by o.idempotency_key`,
    );
    const chat = await db.execute<{ content: string; copies: number }>(
      sql`select content, count(*)::int as copies from chat_messages
          where channel_kind = 'live' and channel_id = ${room.id} group by content`,
    );
    const negative = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from wallet_accounts where balance < 0 and kind <> 'mint'`,
    );
    return {
      operations: new Map(operations.rows.map((row) => [row.key, Number(row.copies)])),
      sends: new Map(sends.rows.map((row) => [row.key, Number(row.copies)])),
      chat: new Map(chat.rows.map((row) => [row.content, Number(row.copies)])),
      negative: Number(negative.rows[0]!.count),
      ledger: await checkLedger(db, HOLDINGS),
    };
  });
  const copiesOf = (op: Op) =>
    op.kind === 'chat'
      ? (facts.chat.get(op.ledgerKey) ?? 0)
      : op.kind === 'gift'
        ? Math.max(facts.operations.get(op.ledgerKey) ?? 0, facts.sends.get(op.ledgerKey) ?? 0)
        : (facts.operations.get(op.ledgerKey) ?? 0);

  // An operation counts for a fault when it was under way (first attempt to answer) during its window.
  const during = (op: Op, window: { from: number; to: number }) =>
    op.from <= window.to && (op.to ?? Number.POSITIVE_INFINITY) >= window.from;
  const faults = Object.entries(windows) as [Fault, { from: number; to: number }][];
  const groups: [string, Op[]][] = [
    ...faults.map(([name, window]): [string, Op[]] => [name, ops.filter((op) => during(op, window))]),
    ['none', ops.filter((op) => faults.every(([, window]) => !during(op, window)))],
  ];
  const table: Record<string, Record<string, number>> = {};
  for (const [name, mine] of groups) {
    const acked = mine.filter((op) => op.acked);
    table[name] = {
      attempted: mine.length,
      acknowledged: acked.length,
      present: acked.filter((op) => copiesOf(op) >= 1).length,
      duplicated: mine.filter((op) => copiesOf(op) > 1).length,
      retried: mine.filter((op) => op.tries > 1).length,
      replayed: acked.filter((op) => op.replayed).length,
      refused: mine.filter((op) => op.refused).length,
      unanswered: mine.filter((op) => !op.acked && !op.refused).length,
    };
  }
  console.log(
    `fault storm: ${ops.length} operations in ${seconds(stormMs)}, ${facts.negative} negative balances`,
  );
  console.table(table);
  console.log(
    `fault storm: fault windows ${faults
      .map(([name, window]) => `${name} ${seconds(window.to - window.from)}`)
      .join(', ')}; after Redis returned, chat A→B ${seconds(resumed.chatAtoB)}, B→A ${seconds(
      resumed.chatBtoA,
    )}, gift push A→B ${seconds(resumed.giftAtoB)}, B→A ${seconds(resumed.giftBtoA)}`,
  );
  console.log(`fault storm: run ${seconds(performance.now() - runStarted)} (cluster start included)`);
  const refusals = [...new Set(ops.map((op) => op.refused).filter(Boolean))];
  if (refusals.length) console.log(`fault storm: refusals: ${refusals.join('; ')}`);

  for (const [name, row] of Object.entries(table)) {
    expect(row.present, `${name}: acknowledged operations missing`).toBe(row.acknowledged);
    expect(row.duplicated, `${name}: duplicated operations`).toBe(0);
  }
  // Money moves are retried until answered: every one was.
  expect(ops.filter((op) => op.kind !== 'chat' && !op.acked && !op.refused)).toEqual([]);
  expect(facts.negative).toBe(0);
  expect(facts.ledger.problems).toEqual([]);
  for (const [name, ms] of Object.entries(resumed)) {
    expect(ms, `${name} did not resume`).toBeGreaterThan(0);
    expect(ms, `${name} resumed after ${ms} ms`).toBeLessThanOrEqual(RESUME_MS);
  }
  // Money moved under every fault (the storm went on through each).
  for (const row of Object.values(table)) expect(row.acknowledged).toBeGreaterThan(0);
});
