// Live room budgets (DESIGN §12), with a real ffmpeg push to the seeded anchor's room:
// - time from the page being interactive to the first video frame, HTTP-FLV (mpegts.js) and HLS
//   (video.js), and the player's buffer behind the live edge;
// - viewer latency: the push burns the wall clock into every frame (test-pattern.ts); the page reads
//   it back from the frame on screen and compares it with its own clock (same machine, same clock);
// - server CPU and memory (the portal's whole process group: node, the media server inside it, the
//   HLS packager) idle, with one live stream, and with 20 HTTP-FLV viewers reading through the portal.
// - side by side with a bare reference in the same run (bench/bare-engine.ts: a standalone
//   node-media-server 4.4.3 + a static mpegts.js page, the same test pattern pushed to it):
//   "join" = navigation start → first decoded frame of a room that is already live, and "go-live" =
//   the page is open, then the push starts → first frame; fresh browser context per run, portal and
//   bare interleaved, with a breakdown of where the portal's time goes: phase by phase, and split
//   by copies of the room page served statically (bench/room-copies.ts) into the server's share, the
//   app scripts' share and the page's own, with what holding the app and React's reveal until the first
//   frame and leaving out the opener policy gain; and the portal's CPU per room page view (its process
//   group, the live stream's own cost taken out).
// Needs a production build (`next build`) and ffmpeg. Prints tables and writes bench/results/live.json.
// `BENCH_LIVE_RUNS` (default 5) first-frame runs per mode; `BENCH_LIVE_PHASE_S` (default 20) per load phase;
// `BENCH_LIVE_ONLY=compare` runs only the portal-vs-bare comparison.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createDb } from '@/lib/db';
import { freePort, readEmbeddedPassword } from '@/lib/db/embedded';
import { rotateStreamKey, startRoom } from '@/lib/live/service';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { CLOCK_BITS, CLOCK_BLOCK, pushTestPattern } from '@/lib/media/test-pattern';
import { startBareEngine } from './bare-engine';
import { groupCpuSeconds, processGroupUsage } from './process-usage';
import { serveRoomCopies } from './room-copies';

const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 5);
const PHASE_S = Number(process.env.BENCH_LIVE_PHASE_S ?? 20);
const VIEWERS = 20;
const ONLY_COMPARE = process.env.BENCH_LIVE_ONLY === 'compare';

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

/**
 * Installed before any page script (a string: none of the bundler's helpers can leak into the page).
 * Records in page time (ms since navigation start), for the portal and the bare page alike:
 * - `mpegtsLoaded`: mpegts.js has run (it assigned `window.mpegts`), `mpegtsCreated`: createPlayer;
 * - `flvRequest`, `flvHeaders`, `flvFirstBytes`: the FLV fetch sent, its headers, its first chunk read;
 * - `mseInit`, `mseMedia`: the first init segment and the first media segment (from the stream's first
 *   keyframe on) handed to Media Source Extensions;
 * - `video` (the live <video> is in the document), `loadeddata`, `playing`, and `firstFrame`: the first
 *   decoded frame presented (requestVideoFrameCallback); `firstPaint`: the page's first paint (a frame
 *   can be handed to the compositor before the page around it is shown: a check on `firstFrame`);
 * - the portal's own: `stateLive` (the room shows live), `player` (the player element), `stageHydrated`
 *   (React has attached its fiber to the stage).
 */
const marksScript = (videoSelector: string) => `(() => {
  const marks = {};
  window.__marks = marks;
  const mark = (name) => { if (marks[name] === undefined) marks[name] = performance.now(); };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-paint') marks.firstPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const originalFetch = window.fetch;
  window.fetch = function (input) {
    const flv = String(typeof input === 'string' ? input : input && input.url).includes('.flv');
    if (flv) mark('flvRequest');
    const reply = originalFetch.apply(this, arguments);
    if (flv) {
      reply.then((response) => {
        mark('flvHeaders');
        const body = response.body;
        if (!body) return;
        const getReader = body.getReader;
        body.getReader = function () {
          const reader = getReader.apply(this, arguments);
          const read = reader.read;
          reader.read = function () {
            return read.apply(this, arguments).then((chunk) => {
              if (chunk && chunk.value && chunk.value.byteLength) mark('flvFirstBytes');
              return chunk;
            });
          };
          return reader;
        };
      }, () => {});
    }
    return reply;
  };
  // mpegts.js announces itself as window.mpegts (a UMD bundle): catch it there and wrap createPlayer.
  let mpegts;
  Object.defineProperty(window, 'mpegts', {
    configurable: true,
    get: () => mpegts,
    set: (value) => {
      mpegts = value;
      mark('mpegtsLoaded');
      if (value && value.createPlayer) {
        const createPlayer = value.createPlayer;
        value.createPlayer = function () {
          mark('mpegtsCreated');
          return createPlayer.apply(this, arguments);
        };
      }
    },
  });
  if (window.SourceBuffer) {
    const append = SourceBuffer.prototype.appendBuffer;
    let appended = 0;
    SourceBuffer.prototype.appendBuffer = function () {
      appended += 1;
      mark(appended === 1 ? 'mseInit' : 'mseMedia');
      return append.apply(this, arguments);
    };
  }
  const seen = new WeakSet();
  const scan = () => {
    if (document.querySelector('[data-testid="room-state"][data-state="live"]')) mark('stateLive');
    const stage = document.querySelector('[data-testid="stage"]');
    if (stage && Object.keys(stage).some((key) => key.startsWith('__reactFiber'))) mark('stageHydrated');
    if (document.querySelector('[data-testid="player"]')) mark('player');
    for (const video of document.querySelectorAll(${JSON.stringify(videoSelector)})) {
      if (seen.has(video)) continue;
      seen.add(video);
      mark('video');
      video.addEventListener('loadeddata', () => mark('loadeddata'));
      video.addEventListener('playing', () => mark('playing'));
      video.requestVideoFrameCallback((now, frame) => {
        if (marks.firstFrame === undefined) marks.firstFrame = frame.presentationTime;
      });
    }
    if (marks.firstFrame === undefined) requestAnimationFrame(scan);
  };
  requestAnimationFrame(scan);
})();`;

type Marks = Record<string, number>;

/** Waits for the first frame, then returns the marks with the page's navigation figures. */
async function readMarks(page: Page, timeoutMs: number): Promise<Marks & { timeOrigin: number }> {
  await page.waitForFunction('window.__marks.firstFrame !== undefined', null, {
    timeout: timeoutMs,
    polling: 50,
  });
  return page.evaluate(`(() => {
    const navigation = performance.getEntriesByType('navigation')[0];
    const late = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' && entry.startTime > navigation.domInteractive);
    const scripts = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' || entry.initiatorType === 'link' && /\\.js(\\?|$)/.test(entry.name));
    const player = scripts.find((entry) => /mpegts\\.js|\\/flv-[^/]*\\.js/.test(entry.name));
    const marks = {
      ...window.__marks,
      ttfb: navigation.responseStart,
      htmlEnd: navigation.responseEnd,
      domInteractive: navigation.domInteractive,
      domContentLoaded: navigation.domContentLoadedEventEnd,
      timeOrigin: performance.timeOrigin,
    };
    if (player) marks.playerScriptLoaded = player.responseEnd;
    const before = scripts.filter((entry) => entry.startTime < window.__marks.firstFrame);
    if (before.length) marks.scriptsLoaded = Math.max(...before.map((entry) => entry.responseEnd));
    if (late.length) marks.lateScripts = Math.max(...late.map((entry) => entry.responseEnd));
    return marks;
  })()`);
}

type Browser = Awaited<ReturnType<typeof chromium.launch>>;

async function markedPage(browser: Browser, videoSelector: string) {
  // The marks are polled with waitForFunction, which evaluates strings: the page's strict CSP (no
  // 'unsafe-eval') would refuse it. The portal's own scripts load the same either way.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  await context.addInitScript(marksScript(videoSelector));
  return { context, page: await context.newPage() };
}

/** Navigation start → first frame of a stream that is already live (fresh browser, cold cache). */
async function measureJoin(browser: Browser, url: string, videoSelector: string) {
  const { context, page } = await markedPage(browser, videoSelector);
  try {
    await page.goto(url);
    const { timeOrigin: _, ...marks } = await readMarks(page, 30_000);
    return marks;
  } finally {
    await context.close();
  }
}

/** The page is open and settled, then the push starts: push start → first frame (wall clock). */
async function measureGoLive(
  browser: Browser,
  url: string,
  videoSelector: string,
  startPush: () => ReturnType<typeof pushTestPattern>,
) {
  const { context, page } = await markedPage(browser, videoSelector);
  let push: ReturnType<typeof pushTestPattern> | null = null;
  try {
    await page.goto(url, { waitUntil: 'load' });
    // Hydrated, the socket joined the room, the player warmed up: a viewer waiting for the streamer.
    await page.waitForTimeout(12_000);
    const pushedAt = Date.now();
    push = startPush();
    const { timeOrigin, ...marks } = await readMarks(page, 60_000);
    const fromPush: Marks = { pushedAt };
    for (const [name, at] of Object.entries(marks)) {
      const wall = timeOrigin + at;
      if (wall >= pushedAt) fromPush[name] = wall - pushedAt;
    }
    return { marks: fromPush, push };
  } catch (error) {
    push?.child.kill('SIGKILL');
    throw error;
  } finally {
    await context.close();
  }
}

async function stopPush(push: ReturnType<typeof pushTestPattern>) {
  push.child.kill('SIGINT');
  await Promise.race([push.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (push.child.exitCode === null) push.child.kill('SIGKILL');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const summary = (values: number[]) =>
  `${seconds(median(values))} s (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;

/** The order of the phases in the tables (marks a page does not have are left out). */
const PHASES = [
  'ttfb',
  'htmlEnd',
  'domInteractive',
  'domContentLoaded',
  'playerScriptLoaded',
  'mpegtsLoaded',
  'video',
  'player',
  'mpegtsCreated',
  'flvRequest',
  'flvHeaders',
  'flvFirstBytes',
  'mseInit',
  'mseMedia',
  'stateLive',
  'stageHydrated',
  'scriptsLoaded',
  'lateScripts',
  'loadeddata',
  'playing',
  'firstPaint',
  'firstFrame',
];

const medianOf = (runs: Marks[], name: string) => {
  const values = runs.map((run) => run[name]).filter((value): value is number => value !== undefined);
  return values.length ? { median: Math.round(median(values)), runs: values.length } : null;
};

/** Median of each mark over the runs that have it, in the order they happen. */
function breakdown(runs: Marks[]) {
  const names = [...new Set(runs.flatMap((run) => Object.keys(run)))].filter((name) => name !== 'pushedAt');
  const rows = names.map((name) => ({ name, ...medianOf(runs, name)! })).sort((a, b) => a.median - b.median);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.median} ms (${row.runs}/${runs.length})`]));
}

/** Portal and bare phase by phase (medians), and how far the portal is behind at each. */
function sideBySide(portal: Marks[], bare: Marks[]) {
  const table: Record<string, Record<string, string | number>> = {};
  for (const name of PHASES) {
    const p = medianOf(portal, name);
    const b = medianOf(bare, name);
    if (!p && !b) continue;
    table[name] = {
      'portal (ms)': p ? p.median : '',
      'bare (ms)': b ? b.median : '',
      'portal − bare (ms)': p && b ? p.median - b.median : '',
    };
  }
  return table;
}

/** One line per run: each phase's time, in phase order. */
function timelines(label: string, runs: Marks[]) {
  runs.forEach((run, index) => {
    const line = PHASES.filter((name) => run[name] !== undefined)
      .map((name) => `${name} ${Math.round(run[name]!)}`)
      .join(' · ');
    console.log(`  ${label} #${index + 1}: ${line}`);
  });
}

/** The copies of the room page measured beside it (bench/room-copies.ts), in the order they run. */
const COPIES = ['staticCopy', 'withoutApp', 'appAtOnce', 'revealAtOnce', 'withOpenerPolicy'] as const;
type Copy = (typeof COPIES)[number];

type Comparison = {
  /** The portal's CPU per room page view (ms), its live stream's own cost taken out. */
  cpuPerViewMs?: number;
  join: Record<'portal' | 'bare' | Copy, Marks[]>;
  goLive: { portal: Marks[]; bare: Marks[] };
};

/**
 * The portal's join split by the copies of its room page: the server (rendering and streaming: live
 * page − static copy), the app's scripts (hydration and the rest of the JS: static copy − copy without
 * them) and the page itself (copy without the app − bare page); and the copies that run the app at
 * once (its held tags live again) or reveal the room at once (React's reveal not held), against the
 * static copy: what holding each gains; and the copy sent with the opener policy the room page leaves
 * out: what that gains.
 */
function timeShares(join: Comparison['join']) {
  const first = (runs: Marks[]) => median(runs.map((run) => run.firstFrame!));
  const { portal, staticCopy, withoutApp, appAtOnce, revealAtOnce, withOpenerPolicy, bare } =
    Object.fromEntries(Object.entries(join).map(([name, runs]) => [name, first(runs)])) as Record<
      keyof typeof join,
      number
    >;
  const row = (ms: number, share: string) => ({
    'first frame (ms)': Math.round(ms),
    'vs bare': `${(ms / bare).toFixed(2)}×`,
    'share (ms)': share,
  });
  return {
    'portal (live page)': row(portal, `server ${Math.round(portal - staticCopy)}`),
    'static copy of the page': row(staticCopy, `app scripts ${Math.round(staticCopy - withoutApp)}`),
    'copy without the app scripts': row(withoutApp, `page ${Math.round(withoutApp - bare)}`),
    'copy running the app at once (no hold)': row(
      appAtOnce,
      `hold gains ${Math.round(appAtOnce - staticCopy)}`,
    ),
    'copy revealing the room at once': row(
      revealAtOnce,
      `reveal hold gains ${Math.round(revealAtOnce - staticCopy)}`,
    ),
    'copy with the opener policy (COOP)': row(
      withOpenerPolicy,
      `leaving COOP out gains ${Math.round(withOpenerPolicy - staticCopy)}`,
    ),
    'bare page': row(bare, ''),
  };
}

function reportComparison(results: Comparison) {
  const frames = (runs: Marks[]) => runs.map((run) => Math.round(run.firstFrame!));
  const joinPortal = frames(results.join.portal);
  const joinBare = frames(results.join.bare);
  const goPortal = frames(results.goLive.portal);
  const goBare = frames(results.goLive.bare);
  const joinRatio = median(joinPortal) / median(joinBare);
  const goLiveOver = median(goPortal) - median(goBare);
  const table = {
    'join: navigation → first frame': {
      portal: summary(joinPortal),
      bare: summary(joinBare),
      'portal vs bare': `${joinRatio.toFixed(2)}× (target ≤ 1.3×: ${joinRatio <= 1.3 ? 'met' : 'missed'})`,
    },
    'go-live: push start → first frame': {
      portal: summary(goPortal),
      bare: summary(goBare),
      'portal vs bare': `${goLiveOver >= 0 ? '+' : ''}${seconds(goLiveOver)} s, ${(median(goPortal) / median(goBare)).toFixed(2)}× (target ≤ +1.5 s: ${goLiveOver <= 1500 ? 'met' : 'missed'})`,
    },
  };
  console.table(table);
  console.log(
    `portal CPU per room page view: ${results.cpuPerViewMs} ms (its live stream's own cost taken out)`,
  );
  const shares = timeShares(results.join);
  console.log("join, where the portal's time goes (bench/room-copies.ts; median first frame, ms):");
  console.table(shares);
  console.log('join, phase by phase (median ms from navigation start):');
  console.table(sideBySide(results.join.portal, results.join.bare));
  console.log('go-live, phase by phase (median ms from push start; marks before the push left out):');
  console.table(sideBySide(results.goLive.portal, results.goLive.bare));
  console.log('timelines, run by run (ms):');
  timelines('join portal', results.join.portal);
  timelines('join static copy', results.join.staticCopy);
  timelines('join without app', results.join.withoutApp);
  timelines('join app at once', results.join.appAtOnce);
  timelines('join reveal at once', results.join.revealAtOnce);
  timelines('join bare  ', results.join.bare);
  timelines('go-live portal', results.goLive.portal);
  timelines('go-live bare  ', results.goLive.bare);
  return {
    join: {
      portalMs: joinPortal,
      bareMs: joinBare,
      portalMedianMs: median(joinPortal),
      bareMedianMs: median(joinBare),
      ratio: Number(joinRatio.toFixed(2)),
    },
    goLive: {
      portalMs: goPortal,
      bareMs: goBare,
      portalMedianMs: median(goPortal),
      bareMedianMs: median(goBare),
      portalOverBareMs: Math.round(goLiveOver),
    },
    cpuPerViewMs: results.cpuPerViewMs,
    shares,
    breakdown: {
      join: {
        ...Object.fromEntries(Object.entries(results.join).map(([name, runs]) => [name, breakdown(runs)])),
      },
      goLive: { portal: breakdown(results.goLive.portal), bare: breakdown(results.goLive.bare) },
    },
    runs: results,
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
  // Before the portal starts: a browser that cannot start leaves no server behind.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
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
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 180_000, 'the portal');
    const { db, pool } = createDb(
      `postgres://postgres:${encodeURIComponent(readEmbeddedPassword('.data/bench-live/pg'))}@127.0.0.1:${pgPort}/portal`,
      1,
    );
    const [anchor] = await db.select().from(users).where(eq(users.mobile, '13800000002'));
    const { roomId, streamKey } = await rotateStreamKey(db, anchor!.id, new Date());
    // An ended room would play its latest replay while the viewer waits: open it ("not started").
    await startRoom(db, anchor!.id, {}, new Date());
    // Rotated from outside the portal: its media server picks new keys up within 3 s.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const roomInfo = async () =>
      (await (await fetch(`${base}/api/Live_streaming/getRoomInfo?id=${roomId}`)).json()).data;
    const portalPush = (clock = false) =>
      pushTestPattern(ffmpeg, `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { clock });
    const roomPage = `${base}/live?id=${roomId}`;
    // The live player's <video>, or the same element while it still plays in the room's skeleton (the
    // page's first flush; flv-boot.js moves it into the stage when the room streams in).
    const liveVideo = '[data-testid="player"][data-live="true"] video, video[data-flv-early]';

    const serverGroup = server.pid!;
    const idle = ONLY_COMPARE ? null : await processGroupUsage(serverGroup, PHASE_S * 1000);

    // Portal vs bare, interleaved run by run; the first run of each is a warm-up, not counted.
    const bare = await startBareEngine();
    const comparison: Comparison = {
      join: {
        portal: [],
        ...(Object.fromEntries(COPIES.map((name) => [name, [] as Marks[]])) as Record<Copy, Marks[]>),
        bare: [],
      },
      goLive: { portal: [], bare: [] },
    };
    try {
      for (let run = 0; run <= RUNS; run += 1) {
        const portal = await measureGoLive(browser, roomPage, liveVideo, () => portalPush());
        await stopPush(portal.push);
        const reference = await measureGoLive(browser, bare.page(`go${run}`), 'video', () =>
          pushTestPattern(ffmpeg, bare.rtmp(`go${run}`)),
        );
        await stopPush(reference.push);
        if (run > 0) {
          comparison.goLive.portal.push(portal.marks);
          comparison.goLive.bare.push(reference.marks);
        }
        // The room ends after the reconnect grace, then opens for the next push.
        await waitFor(async () => (await roomInfo()).status !== 'live', 60_000, 'the room to end');
        await startRoom(db, anchor!.id, {}, new Date());
      }
      const barePush = pushTestPattern(ffmpeg, bare.rtmp('join'));
      children.push(barePush.child);
      const { child: push } = portalPush(true);
      children.push(push);
      await waitFor(
        async () => {
          const info = await roomInfo();
          return info.status === 'live' && Boolean(info.play.hls);
        },
        60_000,
        'the room to go live',
      );
      // Both engines have a GOP cached.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const copies = await serveRoomCopies(roomPage);
      try {
        for (let run = 0; run <= RUNS; run += 1) {
          // The live page, each copy, then the bare page, one after the other.
          const pages: [keyof Comparison['join'], string, string][] = [
            ['portal', roomPage, liveVideo],
            ...COPIES.map((name): [keyof Comparison['join'], string, string] => [
              name,
              copies[name],
              liveVideo,
            ]),
            ['bare', bare.page('join'), 'video'],
          ];
          for (const [name, url, video] of pages) {
            const marks = await measureJoin(browser, url, video);
            if (run > 0) comparison.join[name].push(marks);
          }
        }
      } finally {
        await copies.stop();
      }
      // The portal's CPU per room page view (page, chunks, player script, stream, the calls made until
      // the first frame): RUNS more joins, less what the live stream costs it meanwhile.
      const streaming = await processGroupUsage(serverGroup, 5000);
      const cpuBefore = groupCpuSeconds(serverGroup);
      const viewsStarted = performance.now();
      for (let run = 0; run < RUNS; run += 1) await measureJoin(browser, roomPage, liveVideo);
      const viewsSeconds = (performance.now() - viewsStarted) / 1000;
      const cpuUsed = groupCpuSeconds(serverGroup) - cpuBefore - (streaming.cpuPercent / 100) * viewsSeconds;
      comparison.cpuPerViewMs = Math.round((cpuUsed / RUNS) * 1000);
      barePush.child.kill('SIGINT');
    } finally {
      bare.stop();
      await pool.end();
    }
    const compared = reportComparison(comparison);
    fs.mkdirSync('bench/results', { recursive: true });
    if (ONLY_COMPARE) {
      fs.writeFileSync(
        'bench/results/live-compare.json',
        `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, compared }, null, 2)}\n`,
      );
      return;
    }

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
        'CPU (% of one core)': round(oneStream.cpuPercent - idle!.cpuPercent),
        'memory (MB)': round(oneStream.rssMb - idle!.rssMb),
      },
      [`per ${VIEWERS} FLV viewers`]: {
        'CPU (% of one core)': round(withViewers.cpuPercent - oneStream.cpuPercent),
        'memory (MB)': round(withViewers.rssMb - oneStream.rssMb),
      },
    };
    console.table(load);
    console.table(cost);
    fs.writeFileSync(
      'bench/results/live.json',
      `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, phaseSeconds: PHASE_S, compared, results: table, load, cost }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    for (const child of children) child.kill('SIGINT');
    // The server may be gone already: its failure is the error to report, not this kill's.
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
