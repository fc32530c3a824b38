// `npx tsx bench/demo.ts` (issue 43's numbers), on the current `next build`:
// - `npm run demo`'s start on a fresh data folder (fresh embedded database: migrate, seed every demo row and
//   the football data, render the demo loops, put 3 rooms on air) to the first 200 of /main, and to 3 rooms
//   live; `npm run demo` adds `npm install` and `next build` before it (bench/foundation.ts times both);
// - the portal's CPU (its process group: node with the ffmpeg pushers and HLS packagers below it; the
//   embedded Postgres runs in a group of its own) idle with DEMO_STREAMS=0, then with 3 looping rooms.
// Ports: BENCH_DEMO_PORT (3390) and the ones after it; data in .data/bench-demo (removed first).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { processGroupUsage } from './process-usage';

const PORT = Number(process.env.BENCH_DEMO_PORT ?? 3390);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data/bench-demo';
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 30_000);
const SETTLE_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(streams: number) {
  return spawn('npx', ['tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      EMBEDDED_PG_PORT: String(PORT + 1),
      MEDIA_RTMP_PORT: String(PORT + 2),
      MEDIA_HTTP_PORT: String(PORT + 3),
      SEED_ON_START: '1',
      DEMO_STREAMS: String(streams),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 600_000) {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return (performance.now() - started) / 1000;
    if (performance.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** Rooms on air, as the home page's hot streamers list them. */
async function liveRooms() {
  const html = await (await fetch(`${BASE}/main`)).text();
  return (html.match(/data-testid="hot-streamer"[\s\S]*?<\/a>/g) ?? []).filter((item) =>
    item.includes('直播中'),
  ).length;
}

async function stop(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid!, 'SIGTERM');
  await exited;
  await sleep(2000);
}

async function main() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const results: Record<string, string> = {};
  const started = performance.now();
  let server = start(3);
  await until('/main', async () => (await fetch(`${BASE}/main`)).status === 200);
  results['fresh demo start → first 200 of /main'] = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  await until('3 rooms live', async () => (await liveRooms()) >= 3, 120_000);
  results['fresh demo start → 3 rooms live'] = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  await stop(server);

  for (const streams of [0, 3]) {
    server = start(streams);
    await until('/main', async () => (await fetch(`${BASE}/main`)).status === 200);
    if (streams) await until('rooms live', async () => (await liveRooms()) >= streams, 120_000);
    await sleep(SETTLE_MS);
    const usage = await processGroupUsage(server.pid!, WINDOW_MS);
    results[`portal CPU, ${streams} looping rooms (${WINDOW_MS / 1000} s)`] =
      `${usage.cpuPercent} % of a core, ${usage.rssMb} MB`;
    await stop(server);
  }
  for (const [name, value] of Object.entries(results)) console.log(`${name}: ${value}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
