// Room-chat fan-out (issue 11): in one run, a bare socket.io server broadcasting to N clients (the
// floor) and the portal's room chat — its gateway and API in one process, clients registered and
// joined through the real protocol (`register`, `joinRoom`), senders posting `api/live/sendChatSensitive`
// (stored in Postgres, then pushed) — at 1,000, 5,000 and 10,000 clients. Both servers push the same
// message (a chat line's fields) on the same schedule (not waiting for replies; see messageGapMs), 120
// of them by default (BENCH_MESSAGES), so the p99 rests on a million deliveries at 10,000. Reports delivery latency
// p50/p99 for both and their ratio, messages per second the portal accepts (a 5 s burst of 20 concurrent
// senders, each within its own rate limit), and server RSS per 1,000 connections. Clients run in two
// child processes; every process shares this machine's 2 cores, so the figures include that contention,
// and each row prints the 1-minute load average before and after it. BENCH_CPU_PROF=<dir> writes a CPU
// profile of each server.
// Usage: npx tsx bench/chat-fanout.ts [counts, default 1000,5000,10000]
//
// The derby's peak (issue #32): `npx tsx bench/chat-fanout.ts peak [counts]`. For BENCH_PEAK_SECONDS
// (default 3) 200 chat lines/s (BENCH_CHAT_PER_S) and 100 gifts/s (BENCH_GIFTS_PER_S) arrive at once:
// the portal's through the real API (`sendChatSensitive`; `handselGift` by 100 funded senders, each gift
// pushing its `gift` and its chat line), the floor's as bare posts it broadcasts the way a bare server
// would (each message its own emit: the chat line; the gift push, then the gift's line). Three servers
// per count: the floor, the portal pushing each message at once (`before`: frames of 0 ms) and the
// portal as it runs (`after`: a room's pushes gathered per PUSH_FRAME_MS, lib/realtime/frames.ts).
// Delivery latency is that of the chat lines (their text carries the send time); after the peak the
// clients drain until nothing new arrives for 3 s or BENCH_DRAIN_SECONDS (default 120) pass, and a
// delivery still missing then counts as slower than any (the p99 is null when over 1% are missing).
// Also: each server's CPU seconds over the peak and the drain (process.cpuUsage). What this machine can
// show: 400 messages/s to N clients is 400 × N deliveries a second, and the two client processes on
// these 2 shared cores absorb a few tens of thousands a second (see messageGapMs): at every count the
// clients' own queue dominates the latency of the unframed servers, so the p99s rank the servers and
// show what frames save the clients, while the CPU seconds are the server's own cost. The knobs used for
// docs/benchmarks.md: BENCH_PEAK_SECONDS=1 BENCH_DRAIN_SECONDS=60 (one second of peak is already millions
// of deliveries at 5,000 clients); BENCH_PEAK_ONLY=portal | bare runs the framed portal (for BENCH_CPU_PROF) or the floor alone.

import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { avatarOf } from '@/lib/accounts/avatars';
import { levelOf } from '@/lib/accounts/level';
import { chatRoomScene } from './chat-room';
import { type Ask, ask, percentile } from './child-process';

const ROOM = 'live:1';
// Enough messages that one slow broadcast (a GC pause, a neighbour's burst on the shared machine) is
// under 1% of the deliveries, so the p99 is a property of the path rather than of one message.
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 120);
/**
 * Both servers get the same schedule: message i leaves at start + i × gap, whatever the replies take.
 * The gap grows with the clients (100 ms at 1,000, 1 s at 10,000): 10,000 deliveries a second, which
 * the two client processes keep up with on 2 shared cores; faster, their backlog grows without bound
 * and the latency measures the clients' queue, not the server (150 messages at 200 ms to 10,000 clients
 * gave a 57 s median on the bare floor).
 */
const messageGapMs = (clients: number) => Math.max(100, clients / 10);
const CLIENT_PROCESSES = 2;
const SENDERS = 400;
/** Funded gift senders of the peak (after the chat senders); each keeps one send in flight at most. */
const GIFT_SENDERS = 100;
const PEAK_SECONDS = Number(process.env.BENCH_PEAK_SECONDS ?? 3);
const CHAT_PER_S = Number(process.env.BENCH_CHAT_PER_S ?? 200);
const GIFTS_PER_S = Number(process.env.BENCH_GIFTS_PER_S ?? 100);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 120);
type Mode = 'bare' | 'portal' | 'portal-unframed';

function answer(reply: object) {
  process.send?.(reply);
}

/** Serves a hono app on a Node http server (the portal's route handler, without Next in front). */
function serveFetch(app: { fetch: (request: Request) => Promise<Response> | Response }) {
  return http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(key, value);
    const response = await app.fetch(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
}

/** A chat push's data as the portal builds it (lib/chat/service.ts `present`), for the floor to send. */
const chatLine = (id: number, content: string) => ({
  id,
  room_id: 1,
  match_id: null,
  user_id: 2 + (id % SENDERS),
  nickname: `s${id % SENDERS}`,
  avatar: avatarOf({ id: 2 + (id % SENDERS), avatar: '' }),
  level: levelOf(0),
  is_anchor: false,
  role: null,
  content,
  created_at: new Date().toISOString(),
});

const GIFT_OF_LINE = {
  code: 'rose',
  names: { 'zh-CN': '玫瑰', 'zh-TW': '玫瑰', en: 'Rose', vi: 'Hoa hồng' },
  count: 1,
};
/** A `gift` push's data as the portal builds it (lib/gifts/service.ts `giftPushOf`), for the floor. */
const giftPush = (id: number) => ({
  send_id: id,
  gift_id: 1,
  gift_code: 'rose',
  gift_names: GIFT_OF_LINE.names,
  tier: 'small',
  count: 1,
  combo: 1,
  value: 1,
  sender: { id: 2 + (id % SENDERS), nickname: `s${id % SENDERS}`, avatar: avatarOf({ id: 2, avatar: '' }) },
  anchor_id: 1,
  anchor_income: 0,
});

async function bareServer() {
  let id = 0;
  const server = http.createServer((req, res) => {
    if (req.url !== '/send' && req.url !== '/gift') return res.writeHead(404).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { content } = JSON.parse(body) as { content: string };
      // The same message the portal pushes (the fields of a chat line), so both carry the same bytes.
      id += 1;
      if (req.url === '/gift') {
        // A gift as the portal pushes it: the `gift` push, then its line in the chat, each its own emit.
        io.to(ROOM).emit('message', { type: 'gift', room_id: 1, data: giftPush(id) });
        io.to(ROOM).emit('message', {
          type: 'chat',
          room_id: 1,
          data: { ...chatLine(id, `s${id % SENDERS} 送出 玫瑰 ×1`), gift: GIFT_OF_LINE },
        });
      } else io.to(ROOM).emit('message', { type: 'chat', room_id: 1, data: chatLine(id, content) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
    });
  });
  const io = new Server(server, { transports: ['websocket'], serveClient: false });
  io.on('connection', (socket) => {
    socket.on('joinRoom', async (_payload: unknown, ack?: (reply: unknown) => void) => {
      await socket.join(ROOM);
      ack?.({ ok: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Exits normally, so BENCH_CPU_PROF writes this server's profile too.
  process.on('SIGTERM', () => process.exit(0));
  return {
    port: (server.address() as AddressInfo).port,
    roomId: 1,
    tokens: [] as string[],
    giftTokens: [] as string[],
    giftId: 1,
  };
}

async function portalServer(framed: boolean) {
  const { createApiApp } = await import('@/lib/server/api-app');
  const { installGateway } = await import('@/lib/realtime/gateway');
  const { createGateway } = await import('@/lib/realtime/socket-server');
  const { findSessionUser } = await import('@/lib/accounts/session');
  const { seedGiftCatalog } = await import('@/lib/gifts/catalog');
  const { mintLeg, runOperation } = await import('@/lib/wallet/ledger');
  const { sql } = await import('drizzle-orm');
  const scene = await chatRoomScene('.data/bench-chat', SENDERS + GIFT_SENDERS, 10);
  const { database, db, pool, roomId } = scene;
  // The gift senders, funded through the ledger like a top-up.
  await seedGiftCatalog(db);
  const [rose] = (await db.execute<{ id: number }>(sql`select id from gifts where code = 'rose'`)).rows;
  for (const userId of scene.userIds.slice(SENDERS))
    await runOperation(db, {
      key: `bench:fund:${userId}`,
      kind: 'reward',
      userId,
      payload: {},
      now: new Date(),
      prepare: async () => ({ legs: [mintLeg(userId, 'star', 1_000_000)], result: {} }),
    });
  const tokens = scene.tokens.slice(0, SENDERS);
  const giftTokens = scene.tokens.slice(SENDERS);
  const app = createApiApp({ db: () => db });
  const server = serveFetch(app);
  const gateway = createGateway(server, { resolveUser: (token) => findSessionUser(db, token, new Date()) });
  installGateway(gateway, framed ? {} : { pushFrameMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('SIGTERM', async () => {
    gateway.close();
    await pool.end().catch(() => {});
    await database.stop();
    process.exit(0);
  });
  return { port: (server.address() as AddressInfo).port, roomId, tokens, giftTokens, giftId: rose!.id };
}

async function clients(url: string, count: number, roomId: number, portal: boolean) {
  const latencies: number[] = [];
  /** The peak's latencies as counts per millisecond (millions of deliveries: no list crosses IPC). */
  const histogram = new Map<number, number>();
  let gifts = 0;
  const sockets: Socket[] = [];
  const open = async () => {
    const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(socket);
    type Pushed = { type: string; data?: { content?: string } | Pushed[] };
    const take = (message: Pushed) => {
      if (message.type === 'gift') gifts += 1;
      if (message.type !== 'chat' || Array.isArray(message.data)) return;
      const sentAt = Number(message.data?.content?.split(' ')[1]);
      if (!sentAt) return;
      const ms = Date.now() - sentAt;
      latencies.push(ms);
      histogram.set(ms, (histogram.get(ms) ?? 0) + 1);
    };
    // A room's frame (lib/realtime/frames.ts) arrives as one `batch`: its messages, in order.
    socket.on('message', (message: Pushed) => {
      if (message.type === 'batch' && Array.isArray(message.data))
        for (const inner of message.data) take(inner);
      else take(message);
    });
    if (portal) socket.emit('register', { type: 1 });
    await socket.timeout(60_000).emitWithAck('joinRoom', { room_id: roomId });
  };
  for (let i = 0; i < count; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, open));
  }
  answer({ ready: true });
  process.on('message', (message: Ask) => {
    if (message.ask === 'latencies') answer({ latencies: latencies.splice(0) });
    if (message.ask === 'histogram') {
      answer({ histogram: { counts: [...histogram], gifts } });
      histogram.clear();
      latencies.length = 0;
      gifts = 0;
    }
    if (message.ask === 'delivered') answer({ delivered: latencies.length });
    if (message.ask === 'close') {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
}

async function run(mode: Mode, count: number, peak = false) {
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile of the run there (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF;
  const server = fork(__filename, ['server', mode], {
    execArgv: [
      ...process.execArgv,
      '--expose-gc',
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ],
  });
  const info = await ask<{
    port: number;
    roomId: number;
    tokens: string[];
    giftTokens: string[];
    giftId: number;
  }>(server, { ask: 'start' }, 'started');
  const url = `http://127.0.0.1:${info.port}`;
  const rssBefore = await ask<number>(server, { ask: 'rss' }, 'rss');
  const workers = Array.from({ length: CLIENT_PROCESSES }, () =>
    fork(__filename, [
      'clients',
      url,
      String(count / CLIENT_PROCESSES),
      String(info.roomId),
      mode === 'bare' ? 'bare' : 'portal',
    ]),
  );
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = await ask<number>(server, { ask: 'rss' }, 'rss');

  const failures = new Map<string, number>();
  const send = async (index: number, token?: string) => {
    const content = `m${index} ${Date.now()}`;
    try {
      const response = await fetch(mode === 'bare' ? `${url}/send` : `${url}/api/live/sendChatSensitive`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify({ room_id: info.roomId, content }),
      });
      const reply = (await response.json()) as { code: number; msg?: string };
      if (reply.code !== 0)
        failures.set(reply.msg ?? `code ${reply.code}`, (failures.get(reply.msg ?? '') ?? 0) + 1);
      return reply.code === 0;
    } catch (error) {
      const reason = String((error as Error).cause ?? error);
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
      return false;
    }
  };
  if (peak) {
    const row = await peakPhase({ mode, count, url, info, workers, server, send, failures });
    for (const worker of workers) worker.send({ ask: 'close' });
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    return row;
  }
  const start = Date.now();
  const sends: Promise<boolean>[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const at = start + i * messageGapMs(count);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    sends.push(send(i, info.tokens[i % info.tokens.length]));
  }
  const accepted = (await Promise.all(sends)).filter(Boolean).length;
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const latencies = (
    await Promise.all(workers.map((worker) => ask<number[]>(worker, { ask: 'latencies' }, 'latencies')))
  ).flat();

  let burst: number | null = null;
  if (mode === 'portal') {
    // 20 concurrent senders for 5 s, each sender token used at most 19 times (its own rate limit).
    let next = 0;
    let ok = 0;
    const until = Date.now() + 5000;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          next += 1;
          const index = next;
          const token = info.tokens[(MESSAGES + index) % info.tokens.length];
          if (await send(1000 + index, token)) ok += 1;
        }
      }),
    );
    burst = ok / 5;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await Promise.all(workers.map((worker) => ask<number[]>(worker, { ask: 'latencies' }, 'latencies')));
  }
  for (const worker of workers) worker.send({ ask: 'close' });
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  return {
    clients: count,
    sent: MESSAGES,
    accepted,
    deliveries: latencies.length,
    expected_deliveries: accepted * count,
    p50_ms: percentile(latencies, 0.5),
    p99_ms: percentile(latencies, 0.99),
    accepted_msg_per_s: burst,
    ...(failures.size ? { failures: Object.fromEntries(failures) } : {}),
    rss_mb_per_1000: Number((((rssAfter - rssBefore) / 1024 / 1024) * (1000 / count)).toFixed(1)),
  };
}

const loadAverage = () => Number(os.loadavg()[0]!.toFixed(2));

/**
 * The peak: chat lines and gifts on one schedule for PEAK_SECONDS (not waiting for replies), then the
 * drain; the chat lines' delivery latency over every delivery expected, and the server's CPU seconds.
 */
async function peakPhase(run: {
  mode: Mode;
  count: number;
  url: string;
  info: { roomId: number; giftTokens: string[]; giftId: number; tokens: string[] };
  workers: ReturnType<typeof fork>[];
  server: ReturnType<typeof fork>;
  send: (index: number, token?: string) => Promise<boolean>;
  failures: Map<string, number>;
}) {
  const { mode, count, url, info, workers, server, send, failures } = run;
  let gifted = 0;
  const gift = async (index: number) => {
    try {
      const token = info.giftTokens[index % Math.max(1, info.giftTokens.length)];
      const response =
        mode === 'bare'
          ? await fetch(`${url}/gift`, { method: 'POST', body: JSON.stringify({ content: '' }) })
          : await fetch(
              `${url}/api/member/handselGift?room_id=${info.roomId}&gift_id=${info.giftId}&num=1&key=peak${index}x${Date.now()}`,
              { headers: { token: token! } },
            );
      const reply = (await response.json()) as { code: number; msg?: string };
      if (reply.code === 0) gifted += 1;
      else failures.set(`gift: ${reply.msg}`, (failures.get(`gift: ${reply.msg}`) ?? 0) + 1);
    } catch (error) {
      const reason = `gift: ${String((error as Error).cause ?? error)}`;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    }
  };
  const askAll = <T>(question: string) =>
    Promise.all(workers.map((worker) => ask<T>(worker, { ask: question }, question)));
  await askAll('histogram');
  const cpuBefore = await ask<number>(server, { ask: 'cpu' }, 'cpu');
  const start = Date.now();
  const totalLines = Math.round(PEAK_SECONDS * CHAT_PER_S);
  const totalGifts = Math.round(PEAK_SECONDS * GIFTS_PER_S);
  const lines: Promise<boolean>[] = [];
  const gifts: Promise<void>[] = [];
  let nextLine = 0;
  let nextGift = 0;
  // One timer per millisecond of schedule at most: every message whose time came leaves.
  while (nextLine < totalLines || nextGift < totalGifts) {
    const elapsed = Date.now() - start;
    while (nextLine < totalLines && nextLine < (elapsed * CHAT_PER_S) / 1000) {
      lines.push(send(nextLine, info.tokens[nextLine % info.tokens.length]));
      nextLine += 1;
    }
    while (nextGift < totalGifts && nextGift < (elapsed * GIFTS_PER_S) / 1000) {
      gifts.push(gift(nextGift));
      nextGift += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  // How long the schedule took to leave (PEAK_SECONDS unless this process fell behind).
  const sentFor = (Date.now() - start) / 1000;
  const accepted = (await Promise.all(lines)).filter(Boolean).length;
  await Promise.all(gifts);
  const answeredFor = (Date.now() - start) / 1000;
  // The drain: until no delivery arrived for 3 s, or DRAIN_SECONDS.
  let delivered = -1;
  let still = 0;
  const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
  while (Date.now() < drainUntil && still < 3) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = (await askAll<number>('delivered')).reduce((a, b) => a + b, 0);
    still = now === delivered ? still + 1 : 0;
    delivered = now;
  }
  const cpuSeconds = ((await ask<number>(server, { ask: 'cpu' }, 'cpu')) - cpuBefore) / 1000;
  const drained = (Date.now() - start) / 1000;
  const replies = await askAll<{ counts: [number, number][]; gifts: number }>('histogram');
  const histogram = new Map<number, number>();
  let giftPushes = 0;
  for (const reply of replies) {
    giftPushes += reply.gifts;
    for (const [ms, n] of reply.counts) histogram.set(ms, (histogram.get(ms) ?? 0) + n);
  }
  const expected = accepted * count;
  const got = [...histogram.values()].reduce((a, b) => a + b, 0);
  const sorted = [...histogram].sort((a, b) => a[0] - b[0]);
  // The latency of the rank-th delivery of all that were expected (missing ones are the slowest).
  const quantile = (q: number) => {
    const rank = Math.ceil(q * expected);
    if (rank > got) return null;
    let seen = 0;
    for (const [ms, n] of sorted) {
      seen += n;
      if (seen >= rank) return ms;
    }
    return null;
  };
  return {
    clients: count,
    mode,
    chat_lines_accepted: accepted,
    gifts_accepted: gifted,
    sent_for_s: Number(sentFor.toFixed(1)),
    answered_after_s: Number(answeredFor.toFixed(1)),
    chat_deliveries: got,
    expected_chat_deliveries: expected,
    gift_pushes_delivered: giftPushes,
    p50_ms: quantile(0.5),
    p99_ms: quantile(0.99),
    drained_after_s: Number(drained.toFixed(1)),
    server_cpu_s: Number(cpuSeconds.toFixed(1)),
    ...(failures.size ? { failures: Object.fromEntries(failures) } : {}),
  };
}

/** `peak [counts]`: per count, the floor, the portal unframed (before) and framed (after). */
async function peakRows(counts: number[]) {
  const results = [];
  for (const count of counts) {
    const loadBefore = loadAverage();
    // BENCH_PEAK_ONLY=portal: the framed portal alone (a CPU profile of it, BENCH_CPU_PROF).
    const only = process.env.BENCH_PEAK_ONLY;
    const skipped = { p99_ms: null };
    const bare = only && only !== 'bare' ? skipped : await run('bare', count, true);
    const before = only ? skipped : await run('portal-unframed', count, true);
    const after = only && only !== 'portal' ? skipped : await run('portal', count, true);
    const ratio = (portal: { p99_ms: number | null }) =>
      portal.p99_ms !== null && bare.p99_ms ? Number((portal.p99_ms / bare.p99_ms).toFixed(2)) : null;
    const row = {
      clients: count,
      bare,
      before,
      after,
      p99_ratio_before: ratio(before),
      p99_ratio_after: ratio(after),
      load_average: [loadBefore, loadAverage()],
    };
    console.log(JSON.stringify(row));
    results.push(row);
  }
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(__dirname, 'results/chat-fanout-peak.json'),
    `${JSON.stringify({ measured_at: new Date().toISOString(), peak_seconds: PEAK_SECONDS, chat_per_s: CHAT_PER_S, gifts_per_s: GIFTS_PER_S, results }, null, 2)}\n`,
  );
}

async function main() {
  const [role, ...args] = process.argv.slice(2);
  if (role === 'server') {
    process.on('message', async (message: Ask) => {
      if (message.ask === 'start')
        answer({
          started: args[0] === 'bare' ? await bareServer() : await portalServer(args[0] === 'portal'),
        });
      if (message.ask === 'cpu') {
        const usage = process.cpuUsage();
        answer({ cpu: (usage.user + usage.system) / 1000 });
      }
      if (message.ask === 'rss') {
        global.gc?.();
        answer({ rss: process.memoryUsage().rss });
      }
    });
    return;
  }
  if (role === 'clients') return clients(args[0]!, Number(args[1]), Number(args[2]), args[3] === 'portal');
  if (role === 'peak') return peakRows((args[0] ?? '1000,5000,10000').split(',').map(Number));

  const counts = (role ?? '1000,5000,10000').split(',').map(Number);
  const results = [];
  for (const count of counts) {
    const loadBefore = loadAverage();
    const bare = await run('bare', count);
    const portal = await run('portal', count);
    const row = {
      clients: count,
      bare,
      portal,
      p99_ratio: Number(((portal.p99_ms ?? Number.NaN) / (bare.p99_ms ?? Number.NaN)).toFixed(2)),
      // The machine is shared: the 1-minute load average before and after this row.
      load_average: [loadBefore, loadAverage()],
    };
    console.log(JSON.stringify(row));
    results.push(row);
  }
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(__dirname, 'results/chat-fanout.json'),
    `${JSON.stringify({ measured_at: new Date().toISOString(), results }, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
