// Measures the live-scores numbers of issue #5 on this machine: import time of every shared
// openfootball file (fresh database), /football server time on the busiest real day, time from a feed
// push to Chromium showing it (p50/p95), and the size of code-100 pushes. Needs a production build
// (`npm run bench` builds first). Prints a table and writes bench/results/scores.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { io } from 'socket.io-client';
import { createDb, runMigrations } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';

const PORT = Number(process.env.BENCH_PORT ?? 3291);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data/bench-scores';
/** Match minutes per real minute: fast enough that a replay is always live during the sample. */
const CLOCK_SPEED = 20;
const SAMPLE_SECONDS = 60;
const results: Record<string, unknown> = {};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};

async function importTime() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const database = await bootDatabase({ DATA_DIR, EMBEDDED_PG_PORT: 0, DATABASE_URL: undefined }, () => {});
  const { db, pool } = createDb(database.url, 4);
  try {
    await runMigrations(db);
    const started = Date.now();
    const files = await importOpenfootball(db, defaultOpenfootballDir(), new Date());
    results['openfootball import, every shared file (fresh database)'] =
      `${((Date.now() - started) / 1000).toFixed(1)} s for ${files.length} files`;
    const { rows } = await db.execute<{ day: string; matches: number }>(sql`
      select to_char(m.kickoff_at, 'YYYY-MM-DD') as day, count(*)::int as matches
      from matches m join seasons s on s.id = m.season_id join competitions c on c.id = s.competition_id
      where c.sport = 'football' and m.source = 'openfootball'
      group by 1 order by 2 desc limit 1`);
    return rows[0]!;
  } finally {
    await pool.end();
    await database.stop();
  }
}

async function startServer() {
  const server = spawn('npx', ['tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR,
      SEED_ON_START: '1',
      FEED_CLOCK_SPEED: String(CLOCK_SPEED),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    try {
      if ((await fetch(`${BASE}/api/health`)).status === 200) return server;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

async function footballServerTime(day: string, count: number) {
  const url = `${BASE}/football?tab=results&day=${day}`;
  for (let i = 0; i < 10; i++) await fetch(url);
  const times: number[] = [];
  await autocannon({
    url,
    amount: 200,
    connections: 1,
    headers: { cookie: 'tz=UTC' },
    setupClient: (client) => client.on('response', (_s: number, _b: number, ms: number) => times.push(ms)),
  });
  results[`/football results of the busiest real day (${day}, ${count} matches), 200 requests`] =
    `p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms`;
}

/** A socket client on this machine notes when each push arrives; Chromium notes when the row changes. */
async function pushToScreen() {
  const arrivals = new Map<string, number>();
  const sizes: number[] = [];
  const socket = io(BASE, { transports: ['websocket'] });
  socket.on('connect', () => {
    socket.emit('register', { type: 1 });
    socket.emit('toggle', { company_id: 1 });
    socket.emit('classify', { classify_type: 0 });
  });
  socket.on(
    'message',
    (message: { code?: number; type: string; data?: { match_id: number; minute: number }[] }) => {
      if (message.code !== 100 || message.type !== 'football' || !Array.isArray(message.data)) return;
      sizes.push(Buffer.byteLength(JSON.stringify(message)));
      for (const update of message.data) arrivals.set(`${update.match_id}:${update.minute}`, Date.now());
    },
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${BASE}/football?tab=live`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      const seen: { key: string; at: number }[] = [];
      (window as unknown as { __changes: typeof seen }).__changes = seen;
      new MutationObserver(() => {
        for (const row of document.querySelectorAll<HTMLElement>('[data-testid="score-row"]')) {
          const minute = row.querySelector('[data-testid="match-status"]')?.textContent?.match(/\d+/)?.[0];
          if (minute) seen.push({ key: `${row.dataset.matchId}:${minute}`, at: Date.now() });
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.waitForTimeout(SAMPLE_SECONDS * 1000);
    const changes = await page.evaluate(
      () => (window as unknown as { __changes: { key: string; at: number }[] }).__changes,
    );
    const shown = new Map<string, number>();
    for (const change of changes) if (!shown.has(change.key)) shown.set(change.key, change.at);
    const latencies = [...shown].flatMap(([key, at]) => {
      const arrived = arrivals.get(key);
      return arrived === undefined ? [] : [Math.max(0, at - arrived)];
    });
    results['feed push → row updated in Chromium (socket client on the same machine as reference)'] =
      latencies.length
        ? `p50 ${quantile(latencies, 0.5)} ms, p95 ${quantile(latencies, 0.95)} ms over ${latencies.length} updates`
        : `no live match updated during ${SAMPLE_SECONDS} s`;
    results['code-100 football push size'] = sizes.length
      ? `p50 ${quantile(sizes, 0.5)} B, max ${Math.max(...sizes)} B over ${sizes.length} pushes`
      : 'no push seen';
  } finally {
    await browser.close();
    socket.close();
  }
}

async function main() {
  const busiest = await importTime();
  const server = await startServer();
  try {
    await footballServerTime(busiest.day, busiest.matches);
    await pushToScreen();
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
  }
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/scores.json', JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
