// Measures the platform foundation on this machine: clean install (optional), `next build`, gzipped
// first-load JS per route, cold start to the first 200 of /main, and /main's server time (p50/p95
// over 200 requests, autocannon). Prints a table and writes bench/results/foundation.json.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { firstLoadJs } from './first-load';

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BASE = `http://127.0.0.1:${PORT}`;
const results: Record<string, unknown> = {
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
};

function timed(label: string, command: string, cwd = process.cwd()) {
  const start = Date.now();
  execSync(command, { cwd, stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const seconds = (Date.now() - start) / 1000;
  results[label] = `${seconds.toFixed(1)} s`;
  return seconds;
}

async function coldStart() {
  const started = Date.now();
  const server = spawn('npx', ['tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: '.data/bench',
      SEED_ON_START: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  while (true) {
    try {
      if ((await fetch(`${BASE}/main`)).status === 200) break;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  results['cold start → first 200 of /main'] = `${((Date.now() - started) / 1000).toFixed(2)} s`;
  return server;
}

async function serverTime(route: string, connections: number) {
  for (let i = 0; i < 20; i++) await fetch(`${BASE}${route}`); // warm-up
  const times: number[] = [];
  const run = await autocannon({
    url: `${BASE}${route}`,
    amount: 200,
    connections,
    setupClient: (client) =>
      client.on('response', (_status: number, _bytes: number, ms: number) => times.push(ms)),
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
  results[`${route} server time (200 requests, ${connections} connection${connections > 1 ? 's' : ''})`] =
    `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ${run.non2xx} non-2xx`;
}

async function main() {
  if (process.env.BENCH_CLEAN_INSTALL === '1') {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-install-'));
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(file, path.join(scratch, file));
    timed('clean npm install', 'npm install --no-audit --no-fund --ignore-scripts=false', scratch);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  fs.rmSync('.next', { recursive: true, force: true });
  timed('next build (clean)', 'npx next build');
  results['first-load JS (gzipped)'] = firstLoadJs();
  const server = await coldStart();
  try {
    await serverTime('/main', 1);
    await serverTime('/main', 10);
    await serverTime('/api/universal/systemConfig', 10);
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
  }
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/foundation.json', JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
