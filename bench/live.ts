// Live room budgets (DESIGN §12): time from the page being interactive to the first video frame,
// for HTTP-FLV (mpegts.js) and HLS (video.js), with a real ffmpeg push to the seeded anchor's room,
// plus the player's buffer behind the live edge. Needs a production build (`next build`) and ffmpeg.
// Prints a table and writes bench/results/live.json. `BENCH_LIVE_RUNS` (default 5) per mode.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createDb } from '@/lib/db';
import { freePort } from '@/lib/db/embedded';
import { rotateStreamKey } from '@/lib/live/service';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { pushTestPattern } from '@/lib/media/test-pattern';

const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 5);

async function waitFor(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Milliseconds from `start` (in page time) to the first advancing frame, and the buffer ahead. */
async function firstFrame(page: Page, startMark: 'interactive' | 'click') {
  return page.evaluate(async (mark) => {
    const start =
      mark === 'interactive'
        ? performance
            .getEntriesByType('navigation')
            .map((entry) => (entry as PerformanceNavigationTiming).domInteractive)[0]!
        : ((window as unknown as { __clickAt: number }).__clickAt ?? performance.now());
    let videoAt = 0;
    for (;;) {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="stage"] video');
      if (video && !videoAt) videoAt = performance.now();
      if (video && video.currentTime > 0 && video.readyState >= 2) {
        const at = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const end = video.buffered.length ? video.buffered.end(video.buffered.length - 1) : video.currentTime;
        return { firstFrameMs: at - start, playerMs: videoAt - start, bufferAheadS: end - video.currentTime };
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, startMark);
}

async function main() {
  const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH);
  if (!ffmpeg) throw new Error('ffmpeg is needed');
  const [port, pgPort, rtmpPort, httpPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const base = `http://127.0.0.1:${port}`;
  const children: ChildProcess[] = [];
  const server = spawn('npx', ['tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: '.data/bench-live',
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_ON_START: '1',
      FEEDS: 'off',
      LOG_LEVEL: 'warn',
      MEDIA_RTMP_PORT: String(rtmpPort),
      MEDIA_HTTP_PORT: String(httpPort),
    },
    stdio: 'ignore',
    detached: true,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 180_000, 'the portal');
    const { db, pool } = createDb(`postgres://postgres:portal@127.0.0.1:${pgPort}/portal`, 1);
    const [anchor] = await db.select().from(users).where(eq(users.mobile, '13800000002'));
    const { roomId, streamKey } = await rotateStreamKey(db, anchor!.id);
    await pool.end();
    // Rotated from outside the portal: its media server picks new keys up within 3 s.
    await new Promise((resolve) => setTimeout(resolve, 3500));

    const { child: push } = pushTestPattern(ffmpeg, `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`);
    children.push(push);
    await waitFor(
      async () => {
        const reply = await (await fetch(`${base}/api/Live_streaming/getRoomInfo?id=${roomId}`)).json();
        return reply.data.status === 'live' && Boolean(reply.data.play.hls);
      },
      60_000,
      'the room to go live',
    );

    const results: Record<string, { firstFrameMs: number[]; playerMs: number[]; bufferAheadS: number[] }> = {
      flv: { firstFrameMs: [], playerMs: [], bufferAheadS: [] },
      hls: { firstFrameMs: [], playerMs: [], bufferAheadS: [] },
    };
    for (let run = 0; run < RUNS; run += 1) {
      for (const mode of ['flv', 'hls'] as const) {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await page.goto(`${base}/live?id=${roomId}`);
        if (mode === 'hls') {
          await page.getByTestId('player').waitFor();
          await page.evaluate(() => {
            (window as unknown as { __clickAt: number }).__clickAt = performance.now();
          });
          await page.getByRole('button', { name: '标准', exact: true }).click();
          await page.locator('[data-testid="player"][data-mode="hls"]').waitFor();
        }
        const measured = await firstFrame(page, mode === 'flv' ? 'interactive' : 'click');
        results[mode]!.firstFrameMs.push(Math.round(measured.firstFrameMs));
        results[mode]!.playerMs.push(Math.round(measured.playerMs));
        results[mode]!.bufferAheadS.push(Number(measured.bufferAheadS.toFixed(2)));
        await page.close();
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const table = Object.fromEntries(
      Object.entries(results).map(([mode, values]) => [
        mode,
        {
          'first frame, median (ms)': median(values.firstFrameMs),
          'first frame, all (ms)': values.firstFrameMs.join(' '),
          'player element ready, median (ms)': median(values.playerMs),
          'buffer behind live edge, median (s)': median(values.bufferAheadS),
        },
      ]),
    );
    console.table(table);
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/live.json',
      `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, results: table }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    for (const child of children) child.kill('SIGINT');
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
