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

async function bareServer() {
  let id = 0;
  const server = http.createServer((req, res) => {
    if (req.url !== '/send') return res.writeHead(404).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { content } = JSON.parse(body) as { content: string };
      // The same message the portal pushes (the fields of a chat line), so both carry the same bytes.
      id += 1;
      io.to(ROOM).emit('message', { type: 'chat', room_id: 1, data: chatLine(id, content) });
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
  return { port: (server.address() as AddressInfo).port, roomId: 1, tokens: [] as string[] };
}

async function portalServer() {
  const { createApiApp } = await import('@/lib/server/api-app');
  const { createGateway, installGateway } = await import('@/lib/realtime/gateway');
  const { findSessionUser } = await import('@/lib/accounts/session');
  const { database, db, pool, roomId, tokens } = await chatRoomScene('.data/bench-chat', SENDERS, 10);
  const app = createApiApp({ db: () => db });
  const server = serveFetch(app);
  const gateway = createGateway(server, { resolveUser: (token) => findSessionUser(db, token, new Date()) });
  installGateway(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('SIGTERM', async () => {
    gateway.close();
    await pool.end().catch(() => {});
    await database.stop();
    process.exit(0);
  });
  return { port: (server.address() as AddressInfo).port, roomId, tokens };
}

async function clients(url: string, count: number, roomId: number, portal: boolean) {
  const latencies: number[] = [];
  const sockets: Socket[] = [];
  const open = async () => {
    const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(socket);
    socket.on('message', (message: { type: string; data?: { content?: string } }) => {
      if (message.type !== 'chat') return;
      const sentAt = Number(message.data?.content?.split(' ')[1]);
      if (sentAt) latencies.push(Date.now() - sentAt);
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
    if (message.ask === 'close') {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
}

async function run(mode: 'bare' | 'portal', count: number) {
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile of the run there (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF;
  const server = fork(__filename, ['server', mode], {
    execArgv: [
      ...process.execArgv,
      '--expose-gc',
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ],
  });
  const info = await ask<{ port: number; roomId: number; tokens: string[] }>(
    server,
    { ask: 'start' },
    'started',
  );
  const url = `http://127.0.0.1:${info.port}`;
  const rssBefore = await ask<number>(server, { ask: 'rss' }, 'rss');
  const workers = Array.from({ length: CLIENT_PROCESSES }, () =>
    fork(__filename, ['clients', url, String(count / CLIENT_PROCESSES), String(info.roomId), mode]),
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

async function main() {
  const [role, ...args] = process.argv.slice(2);
  if (role === 'server') {
    process.on('message', async (message: Ask) => {
      if (message.ask === 'start')
        answer({ started: args[0] === 'portal' ? await portalServer() : await bareServer() });
      if (message.ask === 'rss') {
        global.gc?.();
        answer({ rss: process.memoryUsage().rss });
      }
    });
    return;
  }
  if (role === 'clients') return clients(args[0]!, Number(args[1]), Number(args[2]), args[3] === 'portal');

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
      p99_ratio: Number((portal.p99_ms / bare.p99_ms).toFixed(2)),
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
