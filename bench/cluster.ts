// Room chat across two portal nodes (issue 14): in one run, at the same client count, (1) the bare
// socket.io floor — one server broadcasting what it is told —, (2) one portal node (gateway + API in one
// process, no Redis: the embedded default) and (3) two portal nodes sharing one Postgres and one Redis
// (socket.io Redis adapter, sharded pub/sub; limits and shared state in Redis), the clients split evenly
// over them and the senders alternating between them, so half of every line's viewers are on the other
// node. Every portal line goes through `api/live/sendChatSensitive` (stored in Postgres, then pushed).
// Prints delivery latency p50/p99 of each with the load average, and the ratios two-nodes / one-node and
// two-nodes / bare. The portal node is bench/portal-node.ts.
// Clients run in one child process per server node; everything shares this machine's 2 cores.
// Usage: npx tsx bench/cluster.ts [clients, default 10000]

import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { chatRoomScene } from './chat-room';
import { type Ask, ask, loadAverage, percentile } from './child-process';

const MESSAGES = 40;
const MESSAGE_GAP_MS = 100;
const SENDERS = 400;
const DATA_DIR = '.data/bench-cluster';

const answer = (reply: object) => process.send?.(reply);

/** A server process: the bare floor, or a portal node (API + gateway, Redis when given). */
async function serve(mode: 'bare' | 'portal', databaseUrl?: string, redisUrl?: string) {
  const server = http.createServer();
  if (mode === 'bare') {
    const io = new Server(server, { transports: ['websocket'], serveClient: false });
    server.on('request', (req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { content } = JSON.parse(body) as { content: string };
        io.to('live:1').emit('message', { type: 'chat', room_id: 1, data: { content } });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
      });
    });
    io.on('connection', (socket) =>
      socket.on('joinRoom', async (_payload: unknown, ack?: (reply: unknown) => void) => {
        await socket.join('live:1');
        ack?.({ ok: true });
      }),
    );
  } else {
    if (redisUrl) process.env.REDIS_URL = redisUrl;
    const { startPortalNode } = await import('./portal-node');
    const node = await startPortalNode(server, databaseUrl!, { api: true });
    // The API on its own port (lib/testing/http-server), the gateway on this one.
    answer({ api: node.apiPort });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
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
    await socket.timeout(120_000).emitWithAck('joinRoom', { room_id: roomId });
  };
  for (let i = 0; i < count; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, open));
  answer({ ready: true });
  process.on('message', (message: Ask) => {
    if (message.ask === 'latencies') answer({ latencies: latencies.splice(0) });
    if (message.ask === 'close') {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
}

type Scene = { databaseUrl: string; redisUrl: string; roomId: number; tokens: string[] };

async function run(setup: 'bare' | 'one node' | 'two nodes', count: number, scene: Scene) {
  const nodes = setup === 'two nodes' ? 2 : 1;
  const servers = Array.from({ length: nodes }, () =>
    fork(__filename, [
      'server',
      setup === 'bare' ? 'bare' : 'portal',
      scene.databaseUrl,
      setup === 'two nodes' ? scene.redisUrl : '',
    ]),
  );
  const apiPorts: number[] = [];
  for (const server of servers)
    server.on('message', (message: { api?: number }) => {
      if (message.api) apiPorts.push(message.api);
    });
  const ports = await Promise.all(servers.map((server) => ask<number>(server, { ask: 'start' }, 'started')));
  const roomId = setup === 'bare' ? 1 : scene.roomId;
  // Two client processes in every setup: on two nodes, one per node.
  const workers = [0, 1].map((i) =>
    fork(__filename, [
      'clients',
      `http://127.0.0.1:${ports[i % nodes]}`,
      String(count / 2),
      String(roomId),
      setup === 'bare' ? 'bare' : 'portal',
    ]),
  );
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  await new Promise((resolve) => setTimeout(resolve, 2000));

  let accepted = 0;
  const failures = new Map<string, number>();
  for (let i = 0; i < MESSAGES; i += 1) {
    const content = `m${i} ${Date.now()}`;
    const url =
      setup === 'bare'
        ? `http://127.0.0.1:${ports[0]}/`
        : `http://127.0.0.1:${apiPorts[i % nodes]}/api/live/sendChatSensitive`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: scene.tokens[i % scene.tokens.length]! },
        body: JSON.stringify({ room_id: roomId, content }),
      });
      const reply = (await response.json()) as { code: number; msg?: string };
      if (reply.code === 0) accepted += 1;
      else failures.set(reply.msg ?? `code ${reply.code}`, (failures.get(reply.msg ?? '') ?? 0) + 1);
    } catch (error) {
      failures.set(String(error), (failures.get(String(error)) ?? 0) + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, MESSAGE_GAP_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const latencies = (
    await Promise.all(workers.map((worker) => ask<number[]>(worker, { ask: 'latencies' }, 'latencies')))
  ).flat();
  for (const worker of workers) worker.send({ ask: 'close' });
  for (const server of servers) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  return {
    setup,
    clients: count,
    accepted,
    deliveries: latencies.length,
    expected_deliveries: accepted * count,
    p50_ms: percentile(latencies, 0.5),
    p99_ms: percentile(latencies, 0.99),
    ...(failures.size ? { failures: Object.fromEntries(failures) } : {}),
  };
}

async function scene(): Promise<Scene & { stop: () => Promise<void> }> {
  const { startRedis } = await import('@/lib/testing/redis');
  const { database, pool, roomId, tokens } = await chatRoomScene(DATA_DIR, SENDERS, 4);
  await pool.end();
  const redis = await startRedis();
  return {
    databaseUrl: database.url,
    redisUrl: redis.url,
    roomId,
    tokens,
    stop: async () => {
      await redis.stop();
      await database.stop();
      fs.rmSync(DATA_DIR, { recursive: true, force: true });
    },
  };
}

async function main() {
  const [role, ...args] = process.argv.slice(2);
  if (role === 'server') {
    process.on('message', async (message: Ask) => {
      if (message.ask === 'start')
        answer({ started: await serve(args[0] as 'bare' | 'portal', args[1], args[2] || undefined) });
    });
    return;
  }
  if (role === 'clients') return clients(args[0]!, Number(args[1]), Number(args[2]), args[3] === 'portal');

  const count = Number(role ?? 10_000);
  const shared = await scene();
  try {
    const bare = await run('bare', count, shared);
    console.log(JSON.stringify({ ...bare, load_average: loadAverage() }));
    const one = await run('one node', count, shared);
    console.log(JSON.stringify({ ...one, load_average: loadAverage() }));
    const two = await run('two nodes', count, shared);
    console.log(JSON.stringify({ ...two, load_average: loadAverage() }));
    const ratios = {
      p50_two_over_one: Number((two.p50_ms / one.p50_ms).toFixed(2)),
      p99_two_over_one: Number((two.p99_ms / one.p99_ms).toFixed(2)),
      p50_two_over_bare: Number((two.p50_ms / bare.p50_ms).toFixed(2)),
      p99_two_over_bare: Number((two.p99_ms / bare.p99_ms).toFixed(2)),
      p99_one_over_bare: Number((one.p99_ms / bare.p99_ms).toFixed(2)),
      load_average_at_end: loadAverage(),
    };
    console.log(JSON.stringify(ratios));
    fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(__dirname, 'results/cluster.json'),
      `${JSON.stringify({ measured_at: new Date().toISOString(), results: [bare, one, two], ratios }, null, 2)}\n`,
    );
  } finally {
    await shared.stop();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
