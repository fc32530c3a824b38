// Phones before and after (issue #42): what e2e/phone-fit.ts finds on the guest's pages of e2e/pages.ts
// in any built checkout of the portal, so the check written after the issue can measure the portal as it
// was when the issue was filed. `npx tsx bench/phone-fit-compare.ts <checkout>` (after `next build` there)
// starts that checkout's server.ts on embedded defaults with the demo seed (SEED_ON_START, feeds off,
// data in <checkout>/.data/bench-phone-fit, its own), resolves the pages' ids from the running portal's
// own links (the first room, match, news, video… a guest's browser finds on /main and the lists), then
// loads every page in the four languages in a phone context (320 × 720, isMobile, touch, the
// `force_desktop` cookie; pictures, video and the realtime socket not fetched, as e2e/phone-fit.spec.ts
// does), waits for the load event and two frames, and evaluates fitProblems at 320 px (the full check)
// and, resized, at 360/390/430 px (quick: wider than the device, past its edge). A page with problems is
// checked again a second later (what settles is not counted). Prints a table per language and width and
// writes every problem to test-results/phone-fit-compare/<checkout's folder>.json.
// Pages that need a signed-in user or anchor (who: 'user' | 'anchor' in e2e/pages.ts) are left out: a
// guest sees the sign-in prompt there. `BENCH_PORT` (default 3150), `BENCH_PG_PORT` (default 55150).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { FORCE_DESKTOP_COOKIE } from '@/lib/mobile-redirect';
import { DEMO_ACCOUNTS } from '@/lib/seed';
import { TIME_ZONE_COOKIE } from '@/lib/time/zone';
import { type Ids, MORE_PAGES, PAGES } from '../e2e/pages';
import { fitProblems } from '../e2e/phone-fit';
import { benchChromium, startBenchPortal } from './portal-process';

const checkout = path.resolve(process.argv[2] ?? '.');
const PORT = Number(process.env.BENCH_PORT ?? 3150);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55150);
const DATA_DIR = '.data/bench-phone-fit';
const PHONE = 320;
const WIDER = [360, 390, 430];
const LOCALES = [
  { locale: 'zh-CN', prefix: '' },
  { locale: 'zh-TW', prefix: '/zh-TW' },
  { locale: 'en', prefix: '/en' },
  { locale: 'vi', prefix: '/vi' },
] as const;
/** Pages loading at once (the server renders one while the browser lays out another). */
const LANES = 3;
const ZONE = 'Asia/Shanghai';
const KINDS = ['wide', 'past', 'broken', 'other'] as const;
type Kind = (typeof KINDS)[number];
const kindOf = (problem: string): Kind => {
  const kind = problem.slice(0, problem.indexOf(':'));
  return (KINDS as readonly string[]).includes(kind) ? (kind as Kind) : 'other';
};

const pages = [...PAGES, ...MORE_PAGES];
const guestPages = pages.filter((entry) => entry.who !== 'user' && entry.who !== 'anchor');
const signedIn = pages.filter((entry) => entry.who === 'user' || entry.who === 'anchor');

/** Where each id is found: a link's pattern and the pages a guest sees it on, first match wins. */
const ID_LINKS: Record<Exclude<keyof Ids, 'anchor'>, { link: RegExp; on: string[] }> = {
  room: { link: /^\/live\?id=(\d+)/, on: ['/main', '/anchor'] },
  match: { link: /^\/score-detail\?id=(\d+)/, on: ['/main', '/football', '/schedule'] },
  circlePost: { link: /^\/circle-detail\?id=(\d+)/, on: ['/circle', '/main'] },
  news: { link: /^\/detail\?id=(\d+)/, on: ['/news', '/main'] },
  video: { link: /^\/video-player\?id=(\d+)/, on: ['/video-list', '/main'] },
  videoCategory: { link: /^\/video-classify\?.*\bid=(\d+)/, on: ['/video-list'] },
  plan: { link: /^\/specialist-detail\?id=(\d+)/, on: ['/specialist', '/specialist-home?type=0'] },
  expert: { link: /^\/specialist-info\?id=(\d+)/, on: ['/specialist', '/specialist-home?type=0'] },
  expertArticle: { link: /^\/specialist-news\?id=(\d+)/, on: ['/specialist-news', '/specialist'] },
};

/**
 * The room's streamer (its public room info), and a shown community post when no list links one: the
 * first in the database, else one written by the demo user, as e2e/pages.ts makes one (plain SQL: the
 * tables are the same at every checkout measured).
 */
async function resolveIds(browser: Browser, portal: Awaited<ReturnType<typeof startBenchPortal>>) {
  const ids = await idsFromLinks(browser, portal.base);
  const info = (await (
    await fetch(`${portal.base}/api/Live_streaming/getRoomInfo?id=${ids.room}`)
  ).json()) as { data?: { anchor?: { id: number } } };
  ids.anchor = info.data?.anchor?.id ?? 0;
  if (ids.circlePost === 0) {
    const { pool } = portal.connect();
    try {
      const shown = await pool.query(
        `select p.id from posts p join circle_posts c on c.post_id = p.id
         where p.review_status = 'approved' and p.deleted_at is null order by p.id limit 1`,
      );
      if (shown.rows[0]) ids.circlePost = shown.rows[0].id;
      else {
        const written = await pool.query(
          `insert into posts (author_id, channel, body)
           select id, 'circle', '页面检查：今晚的比赛大家怎么看？' from users where country_code = '86' and mobile = $1
           returning id`,
          [DEMO_ACCOUNTS.find((account) => account.key === 'user')!.mobile],
        );
        ids.circlePost = written.rows[0].id;
        await pool.query(
          `insert into circle_posts (post_id, circle_id) select $1, id from circles where slug = 'general:football'`,
          [ids.circlePost],
        );
        console.log(`no community post shown: wrote one (${ids.circlePost})`);
      }
    } finally {
      await pool.end();
    }
  }
  return ids;
}

async function idsFromLinks(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, timezoneId: ZONE });
  const page = await context.newPage();
  const linksOn = new Map<string, string[]>();
  const ids = { anchor: 0 } as Ids;
  for (const [key, { link, on }] of Object.entries(ID_LINKS) as [
    Exclude<keyof Ids, 'anchor'>,
    (typeof ID_LINKS)['room'],
  ][]) {
    ids[key] = 0;
    for (const where of on) {
      if (!linksOn.has(where)) {
        await page.goto(where, { waitUntil: 'load' });
        await page.waitForTimeout(500);
        linksOn.set(
          where,
          await page.$$eval('a[href]', (anchors) =>
            anchors.map((anchor) => {
              const url = new URL((anchor as HTMLAnchorElement).href);
              return `${url.pathname}${url.search}`;
            }),
          ),
        );
      }
      const found = linksOn
        .get(where)!
        .map((href) => link.exec(href))
        .find(Boolean);
      if (found) {
        ids[key] = Number(found[1]);
        break;
      }
    }
  }
  await context.close();
  return ids;
}

async function phoneContext(browser: Browser, base: string) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: PHONE, height: 720 },
    isMobile: true,
    hasTouch: true,
    timezoneId: ZONE,
  });
  await context.addCookies([
    { name: FORCE_DESKTOP_COOKIE, value: '1', url: base },
    { name: TIME_ZONE_COOKIE, value: encodeURIComponent(ZONE), url: base },
  ]);
  // tsx (esbuild's keepNames) wraps fitProblems' inner functions in a `__name` helper the page lacks.
  await context.addInitScript('window.__name = (target) => target;');
  await context.route(/\.(png|jpe?g|webp|gif|svg|ico|mp4|webm|m3u8|ts|flv)(\?|$)/, (route) => route.abort());
  await context.routeWebSocket(/socket\.io/, () => {});
  return context;
}

async function settledProblems(page: Page, width: number, quick: boolean) {
  let problems = await page.evaluate(fitProblems, { width, quick });
  if (problems.length > 0) {
    await page.waitForTimeout(1_000);
    problems = await page.evaluate(fitProblems, { width, quick });
  }
  return problems;
}

type Found = Record<string, Record<number, string[]>>;

async function checkLanguage(context: BrowserContext, prefix: string, paths: string[]) {
  const found: Found = {};
  const failed: Record<string, string> = {};
  const statuses: Record<string, number> = {};
  const queue = [...paths];
  const lane = async () => {
    const page = await context.newPage();
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const url = `${prefix}${next}`;
      try {
        await page.setViewportSize({ width: PHONE, height: 720 });
        const response = await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
        statuses[url] = response?.status() ?? 0;
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const at: Record<number, string[]> = { [PHONE]: await settledProblems(page, PHONE, false) };
        for (const width of WIDER) {
          await page.setViewportSize({ width, height: 720 });
          at[width] = await settledProblems(page, width, true);
        }
        found[url] = at;
      } catch (error) {
        failed[url] = String(error).split('\n')[0]!;
      }
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return { found, failed, statuses };
}

async function main() {
  const commit = execSync('git rev-parse --short HEAD', { cwd: checkout }).toString().trim();
  const label = path.basename(checkout);
  console.log(
    `checkout ${checkout} at ${commit}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  fs.mkdirSync('test-results/phone-fit-compare', { recursive: true });
  let started = performance.now();
  const portal = await startBenchPortal({
    port: PORT,
    pgPort: PG_PORT,
    dataDir: DATA_DIR,
    cwd: checkout,
    logFile: `test-results/phone-fit-compare/${path.basename(checkout)}-server.log`,
    env: { HOST: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1' },
  });
  console.log(`portal up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const browser = await benchChromium(['--disable-background-networking']);
  try {
    started = performance.now();
    const ids = await resolveIds(browser, portal);
    console.log(`ids ${JSON.stringify(ids)}`);
    const missing = Object.entries(ids).filter(([, id]) => id === 0);
    if (missing.length > 0) console.log(`no link found for: ${missing.map(([key]) => key).join(', ')}`);
    const paths = guestPages.map((entry) => entry.path(ids));
    console.log(
      `${paths.length} guest pages; left out (need sign-in): ${signedIn.map((entry) => entry.path(ids)).join(' ')}`,
    );
    const results: Record<string, Awaited<ReturnType<typeof checkLanguage>>> = {};
    for (const { locale, prefix } of LOCALES) {
      const context = await phoneContext(browser, portal.base);
      const begun = performance.now();
      results[locale] = await checkLanguage(context, prefix, paths);
      await context.close();
      console.log(`${locale}: ${((performance.now() - begun) / 1000).toFixed(0)} s`);
    }
    const rows: string[] = [
      `| locale | width | pages | not checked | with a problem | wide | past | broken | other |`,
      `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ];
    for (const { locale } of LOCALES) {
      const { found, failed } = results[locale]!;
      for (const width of [PHONE, ...WIDER]) {
        const lists = Object.values(found).map((at) => at[width] ?? []);
        const counts: Record<Kind, number> = { wide: 0, past: 0, broken: 0, other: 0 };
        for (const problem of lists.flat()) counts[kindOf(problem)] += 1;
        rows.push(
          `| ${locale} | ${width}${width === PHONE ? '' : ' (quick)'} | ${lists.length} | ${Object.keys(failed).length} | ${lists.filter((list) => list.length > 0).length} | ${KINDS.map((kind) => counts[kind]).join(' | ')} |`,
        );
      }
    }
    console.log(rows.join('\n'));
    for (const { locale } of LOCALES) {
      const { failed, statuses } = results[locale]!;
      for (const [url, error] of Object.entries(failed))
        console.log(`${locale} ${url} not checked: ${error}`);
      const odd = Object.entries(statuses).filter(
        ([url, status]) => status >= 400 && !url.endsWith('/no-such-page'),
      );
      for (const [url, status] of odd) console.log(`${locale} ${url} answered ${status}`);
    }
    const out = 'test-results/phone-fit-compare';
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(
      `${out}/${label}.json`,
      JSON.stringify(
        { checkout, commit, ids, leftOut: signedIn.map((entry) => entry.path(ids)), results },
        null,
        1,
      ),
    );
    console.log(
      `problems written to ${out}/${label}.json (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
