// The phone live room against the desktop room (issue 42's "numbers to report"): the same room page
// (`/live?id=`) on a portrait phone (390 × 844, touch, as Chromium emulates one) and on a desktop
// (1440 × 900), while the seeded anchor's room streams a test pattern (ffmpeg push). Per run, in a fresh
// browser context (cold cache): navigation start → first contentful paint, → the first video frame
// presented (requestVideoFrameCallback), and the JavaScript the page fetched before that frame and by
// its load event (bytes on the wire, and decoded). Phone and desktop runs interleave; the first of each
// is a warm-up. Needs a production build (`next build`) and ffmpeg; prints the medians and the
// phone / desktop ratios and writes bench/results/phone-room.json.
// `BENCH_PHONE_RUNS` (default 5) runs per mode; `BENCH_PORT` (default 3101) the portal's port, its
// database on `BENCH_PG_PORT` (default 55101).
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { rotateStreamKey, startRoom } from '@/lib/live/service';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { pushTestPattern } from '@/lib/media/test-pattern';
import { FORCE_DESKTOP_COOKIE } from '@/lib/mobile-redirect';
import { benchChromium, startBenchPortal, waitFor } from './portal-process';

const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3101);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55101);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data/bench-phone-room';
const LIVE_VIDEO = '[data-testid="player"][data-live="true"] video, video[data-flv-early]';

const MODES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;
type Mode = keyof typeof MODES;
type Run = { fcp: number; firstFrame: number; jsWireKb: number; jsKb: number; jsAtLoadWireKb: number };

/** Installed before the page's scripts (a string: no bundler helper may leak into the page). */
const MARKS = `(() => {
  const marks = {};
  window.__marks = marks;
  const seen = new WeakSet();
  const scan = () => {
    for (const video of document.querySelectorAll(${JSON.stringify(LIVE_VIDEO)})) {
      if (seen.has(video)) continue;
      seen.add(video);
      video.requestVideoFrameCallback((now, frame) => {
        if (marks.firstFrame === undefined) marks.firstFrame = frame.presentationTime;
      });
    }
    if (marks.firstFrame === undefined) requestAnimationFrame(scan);
  };
  requestAnimationFrame(scan);
})();`;

async function measure(browser: Browser, mode: Mode, url: string): Promise<Run> {
  // bypassCSP: the marks are polled with waitForFunction (a string the page's CSP would refuse).
  const context = await browser.newContext({ ...MODES[mode], bypassCSP: true });
  // A fresh install without a mobile site serves phones the portal itself (the phone room).
  await context.addCookies([{ name: FORCE_DESKTOP_COOKIE, value: '1', url: BASE }]);
  await context.addInitScript(MARKS);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction('window.__marks.firstFrame !== undefined', null, {
      timeout: 30_000,
      polling: 50,
    });
    return await page.evaluate(`(() => {
      const kb = (bytes) => Math.round(bytes / 102.4) / 10;
      const navigation = performance.getEntriesByType('navigation')[0];
      const frame = window.__marks.firstFrame;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.initiatorType === 'script' || /\\.js(\\?|$)/.test(entry.name));
      const before = scripts.filter((entry) => entry.responseEnd <= frame);
      const atLoad = scripts.filter((entry) => entry.responseEnd <= navigation.loadEventEnd);
      const sum = (entries, key) => entries.reduce((total, entry) => total + entry[key], 0);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        fcp: Math.round(fcp ? fcp.startTime : NaN),
        firstFrame: Math.round(frame),
        jsWireKb: kb(sum(before, 'encodedBodySize')),
        jsKb: kb(sum(before, 'decodedBodySize')),
        jsAtLoadWireKb: kb(sum(atLoad, 'encodedBodySize')),
      };
    })()`);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH);
  if (!ffmpeg) throw new Error('ffmpeg is needed');
  const browser = await benchChromium(['--autoplay-policy=no-user-gesture-required']);
  const portal = await startBenchPortal({ port: PORT, pgPort: PG_PORT, dataDir: DATA_DIR }).catch(
    async (error) => {
      await browser.close();
      throw error;
    },
  );
  let push: ReturnType<typeof pushTestPattern> | null = null;
  try {
    const { db, pool } = portal.connect();
    const [anchor] = await db.select().from(users).where(eq(users.mobile, '13800000002'));
    const { roomId, streamKey } = await rotateStreamKey(db, anchor!.id, new Date());
    await startRoom(db, anchor!.id, {}, new Date());
    await pool.end();
    // Rotated from outside the portal: its media server picks new keys up within 3 s.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    push = pushTestPattern(ffmpeg, `rtmp://127.0.0.1:${portal.rtmpPort}/live/${streamKey}`);
    await waitFor(
      async () => {
        const info = (await (await fetch(`${BASE}/api/Live_streaming/getRoomInfo?id=${roomId}`)).json()).data;
        return info.status === 'live';
      },
      60_000,
      'the room to go live',
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const url = `${BASE}/live?id=${roomId}`;
    const runs: Record<Mode, Run[]> = { phone: [], desktop: [] };
    for (let run = 0; run <= RUNS; run += 1) {
      for (const mode of ['phone', 'desktop'] as const) {
        const result = await measure(browser, mode, url);
        if (run > 0) runs[mode].push(result);
      }
    }
    const keys = ['fcp', 'firstFrame', 'jsWireKb', 'jsKb', 'jsAtLoadWireKb'] as const;
    const medians = Object.fromEntries(
      (['phone', 'desktop'] as const).map((mode) => [
        mode,
        Object.fromEntries(keys.map((key) => [key, median(runs[mode].map((result) => result[key]))])),
      ]),
    ) as Record<Mode, Record<(typeof keys)[number], number>>;
    const ratio = Object.fromEntries(
      keys.map((key) => [key, Math.round((medians.phone[key] / medians.desktop[key]) * 100) / 100]),
    );
    console.log(`room ${url}, ${RUNS} runs per mode (medians; ms from navigation start, KB of JavaScript)`);
    console.table({ ...medians, 'phone / desktop': ratio });
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/phone-room.json',
      `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, medians, ratio, all: runs }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    push?.child.kill('SIGINT');
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
