// Goal push to all (issue 14): in one run, at the same client count, (1) one portal node with the `jobs`
// role (the embedded default: no Redis), (2) two portal nodes sharing one Postgres and one Redis (socket.io
// Redis adapter), node A running the cluster's jobs, the clients split evenly over A and B, and (3) the
// bare socket.io floor: one server emitting the same goal message (the one node A pushed, same bytes) to
// every client. The portal's goals are real: replays of the 2022 quarter-final (Molina scores at 35')
// left live by a stopped portal, played on at 60x by node A's feeds job (lib/jobs/feeds.ts), which pushes
// each goal to every socket (`publish('everyone', { type: 'goal' })`, the channel of the goal pop-up).
// The publish instant is read on node A, just before the job's push enters socket.io (this bench wraps
// `io.emit` of the node it composes; the product is unchanged); the receipt instant on each client, in the
// client processes of the same machine (same clock). Clients connect like the browser (lib/realtime/
// client.ts: register, toggle, classify). Prints p50/p99/max of publish → receipt, deliveries against
// clients × goals, the ratios and the load average; writes bench/results/goal-push.json.
// Usage: npx tsx bench/goal-push.ts [clients, default 10000]   BENCH_GOALS: goals per setup (1-3, default 3)

import { type ChildProcess, fork } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { type Ask, ask, loadAverage, percentile } from './child-process';

const GOALS = Math.min(3, Math.max(1, Number(process.env.BENCH_GOALS ?? 3)));
/** The replays' first goals come this far apart (the feeds job ticks every 5 s). */
const GOAL_GAP_S = 10;
const SPEED = 60;
const RECORD = 'worldcup/2022/Quarter-finals/Netherlands/Argentina';

type Goal = { type: 'goal'; data: { match_id: number; home_score: number; away_score: number } };
const keyOf = (goal: Goal['data']) => `${goal.match_id}:${goal.home_score}:${goal.away_score}`;
const answer = (reply: object) => process.send?.(reply);

/** A server process: the bare floor, or a portal node (node A also runs the jobs). */
async function serve(mode: 'bare' | 'portal' | 'portal+jobs', databaseUrl: string) {
  const server = http.createServer();
  let io: Server;
  if (mode === 'bare') {
    io = new Server(server, { transports: ['websocket'], serveClient: false });
    io.on('connection', (socket) =>
      socket.on('register', () => socket.emit('message', { type: 'registered', user_id: null })),
    );
    process.on('message', (message: Ask) => {
      if (message.ask !== 'emit') return;
      const at = Date.now();
      io.emit('message', message.goal);
      answer({ emitted: at });
    });
  } else {
    const { startPortalNode } = await import('./portal-node');
    const node = await startPortalNode(server, databaseUrl, { jobs: mode === 'portal+jobs' });
    io = node.io;
    // The publish instant: when lib/realtime/gateway's publish hands a goal to socket.io.
    const emit = io.emit.bind(io);
    io.emit = ((event: string, message?: Goal) => {
      if (event === 'message' && message?.type === 'goal')
        answer({ published: { key: keyOf(message.data), at: Date.now(), message } });
      return emit(event, message);
    }) as unknown as typeof io.emit;
    process.on('message', async (message: Ask) => {
      if (message.ask !== 'stop jobs') return;
      await node.stopJobs();
      answer({ stopped: true });
    });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** `count` browser-like clients of one server; each goal's receipt instant is kept. */
async function clients(url: string, count: number) {
  const receipts: [string, number][] = [];
  const sockets: Socket[] = [];
  /** Why clients that never registered did not (a connect error's message, or the wait running out). */
  const failures: Record<string, number> = {};
  const failed = (reason: string) => (failures[reason] = (failures[reason] ?? 0) + 1);
  const open = () =>
    new Promise<void>((resolve) => {
      const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      const timer = setTimeout(() => {
        failed('not registered within 120 s');
        resolve();
      }, 120_000);
      socket.on('message', (message: Goal | { type: string }) => {
        if (message.type === 'goal') receipts.push([keyOf((message as Goal).data), Date.now()]);
        else if (message.type === 'registered') {
          clearTimeout(timer);
          resolve();
        }
      });
      socket.on('connect', () => {
        socket.emit('register', { type: 1 });
        socket.emit('toggle', { company_id: 1 });
        socket.emit('classify', { classify_type: 0 });
      });
      socket.on('connect_error', (error) => {
        failed(error.message);
        clearTimeout(timer);
        resolve();
      });
    });
  for (let i = 0; i < count; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, open));
  answer({ ready: sockets.filter((socket) => socket.connected).length, failures });
  process.on('message', (message: Ask) => {
    if (message.ask === 'receipts')
      answer({
        receipts: { list: receipts.splice(0), connected: sockets.filter((s) => s.connected).length },
      });
    if (message.ask === 'close') {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
}

type Scene = {
  databaseUrl: string;
  redisUrl: string;
  /** Inserts the replays whose first goals the portal setups measure; their match ids. */
  kickOff: () => Promise<number[]>;
  /** Ends those replays, so the next setup's node A does not play them on. */
  retire: (ids: number[]) => Promise<unknown>;
  stop: () => Promise<void>;
};
type Published = { key: string; at: number; message: Goal };

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

const { REDIS_URL: _, ...withoutRedis } = process.env;

async function run(setup: 'bare' | 'one node' | 'two nodes', count: number, scene: Scene, payload?: Goal) {
  const modes =
    setup === 'bare' ? ['bare'] : setup === 'one node' ? ['portal+jobs'] : ['portal+jobs', 'portal'];
  const servers = modes.map((mode) =>
    fork(__filename, ['server', mode, scene.databaseUrl], {
      env: {
        ...withoutRedis,
        FEEDS: 'on',
        FEED_CLOCK_SPEED: String(SPEED),
        LOG_LEVEL: 'warn',
        ...(setup === 'two nodes' ? { REDIS_URL: scene.redisUrl } : {}),
      },
    }),
  );
  const published: Published[] = [];
  servers[0]!.on('message', (message: { published?: Published }) => {
    if (message.published) published.push(message.published);
  });
  const ports = await Promise.all(servers.map((server) => ask<number>(server, { ask: 'start' }, 'started')));
  // Two client processes in every setup: on two nodes, one per node.
  const workers = [0, 1].map((i) =>
    fork(__filename, ['clients', `http://127.0.0.1:${ports[i % ports.length]}`, String(count / 2)]),
  );
  type Ready = { ready: number; failures: Record<string, number> };
  const ready = await Promise.all(
    workers.map(
      (worker) => new Promise<Ready>((resolve) => worker.once('message', (m) => resolve(m as Ready))),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const loadAtStart = loadAverage();

  let measured: Published[];
  if (setup === 'bare') {
    measured = [];
    for (let i = 0; i < GOALS; i += 1) {
      // The same bytes as node A's goal: only the score's digit differs from one goal to the next.
      const goal = { ...payload!, data: { ...payload!.data, home_score: i + 1 } } as Goal;
      const at = await ask<number>(servers[0]!, { ask: 'emit', goal }, 'emitted');
      measured.push({ key: keyOf(goal.data), at, message: goal });
      await new Promise((resolve) => setTimeout(resolve, GOAL_GAP_S * 1000));
    }
  } else {
    const ids = await scene.kickOff();
    const firstGoal = (id: number) => published.find((goal) => goal.key.startsWith(`${id}:`));
    const deadline = Date.now() + (GOAL_GAP_S * GOALS + 60) * 1000;
    while (!ids.every(firstGoal) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    measured = ids.map(firstGoal).filter((goal) => goal !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await ask(servers[0]!, { ask: 'stop jobs' }, 'stopped');
    await scene.retire(ids);
  }
  const replies = await Promise.all(
    workers.map((worker) =>
      ask<{ list: [string, number][]; connected: number }>(worker, { ask: 'receipts' }, 'receipts'),
    ),
  );
  for (const worker of workers) worker.send({ ask: 'close' });
  for (const server of servers) await stopChild(server);

  const at = new Map(measured.map((goal) => [goal.key, goal.at]));
  const latencies = replies.flatMap((reply) =>
    reply.list.filter(([key]) => at.has(key)).map(([key, received]) => received - at.get(key)!),
  );
  return {
    result: {
      setup,
      clients: count,
      connected: ready.reduce((sum, worker) => sum + worker.ready, 0),
      ...(ready.some((worker) => Object.keys(worker.failures).length)
        ? { not_connected: ready.map((worker) => worker.failures) }
        : {}),
      connected_at_end: replies.reduce((sum, reply) => sum + reply.connected, 0),
      goals: measured.length,
      payload_bytes: measured[0] ? JSON.stringify(measured[0].message).length : 0,
      deliveries: latencies.length,
      expected_deliveries: measured.length * count,
      other_goal_pushes: setup === 'bare' ? 0 : published.length - measured.length,
      p50_ms: percentile(latencies, 0.5),
      p99_ms: percentile(latencies, 0.99),
      max_ms: latencies.length ? Math.max(...latencies) : Number.NaN,
      load_average: loadAtStart,
    },
    payload: measured[0]?.message,
  };
}

async function scene(): Promise<Scene> {
  const { createDb, runMigrations } = await import('@/lib/db');
  const { bootDatabase } = await import('@/lib/db/bootstrap');
  const { defaultOpenfootballDir, importOpenfootball } = await import('@/lib/feeds/openfootball/import');
  const { replayEndsAt } = await import('@/lib/feeds/replay/replay');
  const { loadRecordedMatches } = await import('@/lib/jobs/feeds');
  const { matches } = await import('@/lib/scores/schema');
  const { writeRecordReports } = await import('@/lib/news/reports');
  const { indexPendingSearchDocuments } = await import('@/lib/search/service');
  const { startRedis } = await import('@/lib/testing/redis');
  const { and, eq, inArray } = await import('drizzle-orm');
  const dataDir = '.data/bench-goal-push';
  fs.rmSync(dataDir, { recursive: true, force: true });
  const database = await bootDatabase(
    { DATA_DIR: dataDir, EMBEDDED_PG_PORT: 0, DATABASE_URL: undefined },
    () => {},
  );
  const { db, pool } = createDb(database.url, 2);
  const redis = await startRedis().catch(async (error) => {
    await database.stop();
    throw error;
  });
  const stop = async () => {
    await pool.end();
    await redis.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await runMigrations(db);
    await importOpenfootball(db, path.join(defaultOpenfootballDir(), 'worldcup-2022'), new Date());
    // What the jobs would do first on a fresh import, done before any setup is measured.
    await writeRecordReports(db, new Date());
    await indexPendingSearchDocuments(db, new Date());
  } catch (error) {
    await stop();
    throw error;
  }
  const record = (await loadRecordedMatches(db)).find((match) => match.externalId === RECORD)!;
  const [original] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.source, record.source), eq(matches.externalId, record.externalId)));
  const kickOff = async () => {
    const ids: number[] = [];
    // Replay i is at minute 20 - 10·i now: its 35' goal comes 15 + 10·i seconds from now at 60x, after
    // at least one tick has met the match under way (a goal is pushed only when seen happening).
    for (let i = 0; i < GOALS; i += 1) {
      const minute = 20 - ((GOAL_GAP_S * SPEED) / 60) * i;
      const kickoffAt = new Date(Date.now() - (minute * 60_000) / SPEED);
      const [row] = await db
        .insert(matches)
        .values({
          seasonId: original!.seasonId,
          source: 'replay',
          externalId: `bench-${randomInt(1e9)}/${record.externalId}`,
          round: original!.round,
          homeTeamId: original!.homeTeamId,
          awayTeamId: original!.awayTeamId,
          kickoffAt,
          expectedEndAt: replayEndsAt(record, kickoffAt, SPEED),
          status: 'live',
          period: 'first_half',
          minute: Math.max(0, minute),
          homeScore: 0,
          awayScore: 0,
          replayOfMatchId: original!.id,
          replayOfDate: '2022-12-09',
          updatedAt: new Date(),
        })
        .returning({ id: matches.id });
      ids.push(row!.id);
    }
    return ids;
  };
  const retire = (ids: number[]) =>
    db.update(matches).set({ status: 'finished' }).where(inArray(matches.id, ids));
  return { databaseUrl: database.url, redisUrl: redis.url, kickOff, retire, stop };
}

async function main() {
  const [role, ...args] = process.argv.slice(2);
  if (role === 'server') {
    // The bench's parent gone (stopped, crashed): this process goes too.
    process.on('disconnect', () => process.exit(0));
    process.on('message', async (message: Ask) => {
      if (message.ask === 'start')
        answer({ started: await serve(args[0] as 'bare' | 'portal' | 'portal+jobs', args[1]!) });
    });
    return;
  }
  if (role === 'clients') {
    process.on('disconnect', () => process.exit(0));
    return clients(args[0]!, Number(args[1]));
  }

  const count = Number(role ?? 10_000);
  const shared = await scene();
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= shared.stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void stop().finally(() => process.exit(1)));
  try {
    console.log(JSON.stringify({ clients: count, goals_per_setup: GOALS, load_average: loadAverage() }));
    const one = await run('one node', count, shared);
    console.log(JSON.stringify(one.result));
    if (!one.payload) throw new Error('node A pushed no goal: nothing to compare');
    const two = await run('two nodes', count, shared);
    console.log(JSON.stringify(two.result));
    const bare = await run('bare', count, shared, one.payload);
    console.log(JSON.stringify(bare.result));
    const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
    const ratios = {
      p50_two_over_one: ratio(two.result.p50_ms, one.result.p50_ms),
      p99_two_over_one: ratio(two.result.p99_ms, one.result.p99_ms),
      p50_two_over_bare: ratio(two.result.p50_ms, bare.result.p50_ms),
      p99_two_over_bare: ratio(two.result.p99_ms, bare.result.p99_ms),
      p99_one_over_bare: ratio(one.result.p99_ms, bare.result.p99_ms),
      load_average_at_end: loadAverage(),
    };
    console.log(JSON.stringify(ratios));
    fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(__dirname, 'results/goal-push.json'),
      `${JSON.stringify({ measured_at: new Date().toISOString(), results: [one.result, two.result, bare.result], ratios }, null, 2)}\n`,
    );
  } finally {
    await stop();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
