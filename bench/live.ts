// Live room budgets (DESIGN §12), with a real ffmpeg push to the seeded anchor's room:
// - time from the page being interactive to the first video frame, HTTP-FLV (mpegts.js) and HLS
//   (video.js), and the player's buffer behind the live edge;
// - viewer latency: the push burns the wall clock into every frame (test-pattern.ts); the page reads
//   it back from the frame on screen and compares it with its own clock (same machine, same clock);
// - server CPU and memory (the portal's whole process group: node, the media server inside it, the
//   HLS packager) idle, with one live stream, and with 20 HTTP-FLV viewers reading through the portal.
// Needs a production build (`next build`) and ffmpeg. Prints tables and writes bench/results/live.json.
// `BENCH_LIVE_RUNS` (default 5) first-frame runs per mode; `BENCH_LIVE_PHASE_S` (default 20) per load phase.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createDb } from '@/lib/db';
import { freePort, readEmbeddedPassword } from '@/lib/db/embedded';
import { rotateStreamKey } from '@/lib/live/service';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { CLOCK_BITS, CLOCK_BLOCK, pushTestPattern } from '@/lib/media/test-pattern';
import { processGroupUsage } from './process-usage';

const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 5);
const PHASE_S = Number(process.env.BENCH_LIVE_PHASE_S ?? 20);
const VIEWERS = 20;

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

/**
 * Milliseconds between the clock burned into each frame shown and the page's clock when it is
 * composited, over `seconds` of playback (requestVideoFrameCallback gives the presentation time).
 */
async function viewerLatency(page: Page, seconds: number) {
  return page.evaluate(
    async ({ seconds, bits, block }) => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="stage"] video')!;
      const canvas = document.createElement('canvas');
      canvas.width = bits * block;
      canvas.height = block;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const wrap = 2 ** bits;
      const samples: number[] = [];
      const until = performance.now() + seconds * 1000;
      // Inline callbacks only: a named function here would carry the bundler's name helper along.
      while (performance.now() < until) {
        const frame = await new Promise<VideoFrameCallbackMetadata>((resolve) =>
          video.requestVideoFrameCallback((_now, metadata) => resolve(metadata)),
        );
        context.drawImage(video, 0, 0, canvas.width, block, 0, 0, canvas.width, block);
        const row = context.getImageData(0, block / 2, canvas.width, 1).data;
        let stamp = 0;
        for (let bit = 0; bit < bits; bit += 1) {
          if (row[(bit * block + block / 2) * 4]! > 128) stamp += 2 ** bit;
        }
        const shownAt = performance.timeOrigin + frame.expectedDisplayTime;
        samples.push(((((shownAt % wrap) - stamp) % wrap) + wrap) % wrap);
      }
      return samples;
    },
    { seconds, bits: CLOCK_BITS, block: CLOCK_BLOCK },
  );
}

/** Reads `count` HTTP-FLV streams of the room through the portal, as browsers would, until stopped. */
function flvViewers(url: string, count: number) {
  const controller = new AbortController();
  let bytes = 0;
  const readers = Array.from({ length: count }, async () => {
    const reply = await fetch(url, { signal: controller.signal });
    const reader = reply.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
    }
  });
  return {
    bytes: () => bytes,
    stop: async () => {
      controller.abort();
      await Promise.allSettled(readers);
    },
  };
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
    const { db, pool } = createDb(
      `postgres://postgres:${encodeURIComponent(readEmbeddedPassword('.data/bench-live/pg'))}@127.0.0.1:${pgPort}/portal`,
      1,
    );
    const [anchor] = await db.select().from(users).where(eq(users.mobile, '13800000002'));
    const { roomId, streamKey } = await rotateStreamKey(db, anchor!.id);
    await pool.end();
    // Rotated from outside the portal: its media server picks new keys up within 3 s.
    await new Promise((resolve) => setTimeout(resolve, 3500));

    const serverGroup = server.pid!;
    const idle = await processGroupUsage(serverGroup, PHASE_S * 1000);

    const { child: push } = pushTestPattern(ffmpeg, `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, {
      clock: true,
    });
    children.push(push);
    await waitFor(
      async () => {
        const reply = await (await fetch(`${base}/api/Live_streaming/getRoomInfo?id=${roomId}`)).json();
        return reply.data.status === 'live' && Boolean(reply.data.play.hls);
      },
      60_000,
      'the room to go live',
    );

    type Measured = {
      firstFrameMs: number[];
      playerMs: number[];
      bufferAheadS: number[];
      latencyMs: number[];
    };
    const results: Record<string, Measured> = {
      flv: { firstFrameMs: [], playerMs: [], bufferAheadS: [], latencyMs: [] },
      hls: { firstFrameMs: [], playerMs: [], bufferAheadS: [], latencyMs: [] },
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
        results[mode]!.latencyMs.push(...(await viewerLatency(page, 5)));
        await page.close();
      }
    }

    const info = (await (await fetch(`${base}/api/Live_streaming/getRoomInfo?id=${roomId}`)).json()).data;
    const oneStream = await processGroupUsage(serverGroup, PHASE_S * 1000);
    const viewers = flvViewers(`${base}${info.play.flv}`, VIEWERS);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = viewers.bytes();
    const withViewers = await processGroupUsage(serverGroup, PHASE_S * 1000);
    const deliveredMbps = ((viewers.bytes() - before) * 8) / (PHASE_S * 1e6);
    await viewers.stop();
    const percentile = (values: number[], at: number) =>
      [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * at))]!;
    const median = (values: number[]) => percentile(values, 0.5);
    const round = (value: number) => Math.round(value * 10) / 10;
    const table = Object.fromEntries(
      Object.entries(results).map(([mode, values]) => [
        mode,
        {
          'first frame, median (ms)': median(values.firstFrameMs),
          'first frame, all (ms)': values.firstFrameMs.join(' '),
          'player element ready, median (ms)': median(values.playerMs),
          'buffer behind live edge, median (s)': median(values.bufferAheadS),
          'viewer latency, median (ms)': Math.round(median(values.latencyMs)),
          'viewer latency, p95 (ms)': Math.round(percentile(values.latencyMs, 0.95)),
          'latency samples': values.latencyMs.length,
        },
      ]),
    );
    console.table(table);
    const load = {
      idle,
      'one live stream': oneStream,
      [`one stream + ${VIEWERS} FLV viewers`]: { ...withViewers, 'delivered (Mbit/s)': deliveredMbps },
    };
    const cost = {
      'per live stream': {
        'CPU (% of one core)': round(oneStream.cpuPercent - idle.cpuPercent),
        'memory (MB)': round(oneStream.rssMb - idle.rssMb),
      },
      [`per ${VIEWERS} FLV viewers`]: {
        'CPU (% of one core)': round(withViewers.cpuPercent - oneStream.cpuPercent),
        'memory (MB)': round(withViewers.rssMb - oneStream.rssMb),
      },
    };
    console.table(load);
    console.table(cost);
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/live.json',
      `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, phaseSeconds: PHASE_S, results: table, load, cost }, null, 2)}\n`,
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
