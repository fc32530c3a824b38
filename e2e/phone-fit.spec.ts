// Every page on a phone (issue 42): every route of e2e/pages.ts and every console page in all four
// languages fail on anything e2e/phone-fit.ts finds (a page wider than the device, an element past its
// edge, a cut control or name, a label broken inside a word, a doubled word, a cell's content over its
// neighbour) at 320 px, and on a page wider than the device or an element past its edge at 360, 390 and
// 430 px (the same page resized: labels only gain room there). A phone context (isMobile, touch) with the
// `force_desktop` cookie, as a fresh install without a mobile site serves phones.
// The spec's time is reaching pages (the server's render, then the browser's scripts), so each page is
// shown once per language, and pages are shared: one test per language, one context per role that every
// lane reuses, LANES pages at once so the server renders one while the browser lays out another, each
// lane's first page of a role loaded and every later one reached through the app router as a tap on a
// link reaches it (`open`: the browser does not parse and run the portal's scripts again per page;
// measured in English on this busy machine: 3.1 s a page loaded, 0.65 s a page through the router,
// 120 s -> 31 s for the language), pictures and video never fetched (their boxes have their sizes),
// no realtime socket. What each page showed is written to
// test-results/phone-fit/<locale>.json (the figures of the before and after; <locale>-time.json
// says where the time went), with a screenshot of each page that does not fit at 320 px.
// e2e/responsive.spec.ts keeps the top bar's own checks from 390 to 1920 px.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { ADMIN_NAV } from '@/lib/admin/nav';
import { FORCE_DESKTOP_COOKIE } from '@/lib/mobile-redirect';
import { TIME_ZONE_COOKIE } from '@/lib/time/zone';
import { E2E_BASE_URL, E2E_SAME_ORIGIN, E2E_TIME_ZONE } from '../playwright.config';
import { expect, test } from './fixtures';
import { MORE_PAGES, PAGES, seededIds, type Who } from './pages';
import { fitProblems } from './phone-fit';
import { type Role, storageStatePath } from './roles';

const PHONE = 320;
const WIDER = [360, 390, 430];
const LOCALES = [
  { locale: 'zh-CN', prefix: '' },
  { locale: 'zh-TW', prefix: '/zh-TW' },
  { locale: 'en', prefix: '/en' },
  { locale: 'vi', prefix: '/vi' },
] as const;
/** Pages loading at once in a test (two tests run at once, one per worker). */
const LANES = 3;
const OUT = 'test-results/phone-fit';

type Visit = { path: string; role: Role | 'guest' };
const roleOf = (who: Who | undefined): Role | 'guest' => (who === 'guest' ? 'guest' : (who ?? 'user'));

async function phoneContext(browser: Browser, role: Role | 'guest') {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    viewport: { width: PHONE, height: 720 },
    isMobile: true,
    hasTouch: true,
    timezoneId: E2E_TIME_ZONE,
    ...(role === 'guest' ? {} : { storageState: storageStatePath(role) }),
  });
  // The zone is known (no reload before the first paint: e2e/clock-zone.spec.ts's subject).
  await context.addCookies([
    { name: FORCE_DESKTOP_COOKIE, value: '1', url: E2E_BASE_URL },
    { name: TIME_ZONE_COOKIE, value: encodeURIComponent(E2E_TIME_ZONE), url: E2E_BASE_URL },
  ]);
  // Pictures and video keep their boxes (width and height are set): not fetching them saves the busy
  // machine's time, which is page loads. Styles and scripts are fetched: they make the layout.
  await context.route(/\.(png|jpe?g|webp|gif|svg|ico|mp4|webm|m3u8|ts|flv)(\?|$)/, (route) => route.abort());
  // The realtime socket never reaches the portal: pushes (a goal pop-up over the page) come and go at
  // moments of their own, and every page's socket costs the busy server a connection. The page sees a
  // socket that never opens its session, as on a bad network.
  await context.routeWebSocket(/socket\.io/, () => {});
  return context;
}

/** `url` without the router's `_rsc` cache key, as a path. */
function pathOf(url: string) {
  const parsed = new URL(url, E2E_BASE_URL);
  parsed.searchParams.delete('_rsc');
  return `${parsed.pathname}${parsed.search}`;
}

/** The app router's requests (`rsc` header: a page's payload or a prefetched one) `page` is still reading. */
function routerRequests(page: Page) {
  let open = 0;
  const idle: (() => void)[] = [];
  const isRouter = (request: Request) => request.headers().rsc === '1';
  const done = (request: Request) => {
    if (!isRouter(request)) return;
    open -= 1;
    if (open === 0) for (const resolve of idle.splice(0)) resolve();
  };
  page.on('request', (request) => {
    if (isRouter(request)) open += 1;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    read: () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
  };
}

/**
 * Shows `url` in `page`: the lane's first page of a role is loaded (until the load event: scripts run,
 * the page hydrated), every later one is reached as a viewer's tap on a link reaches it, by the app
 * router (`router.push`), so the browser does not parse and run the portal's scripts again for each
 * page: the server renders the page as for a load (its RSC payload). The check waits for the address
 * to change (the page committed), for every payload to be read to its end (every streamed part of the
 * page is in) and for two frames (React's last chunks laid out).
 */
async function open(page: Page, router: ReturnType<typeof routerRequests>, url: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(url);
    return;
  }
  const target = pathOf(url);
  await page.evaluate((to) => {
    (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(to);
  }, url);
  await page.waitForURL((at) => pathOf(at.href) === target);
  // Had the router fallen back to a load (another root layout), that load's end.
  await page.waitForLoadState('load');
  await router.read();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The page's problems at `width` once it has settled: checked again after a second while any are left. */
async function settledProblems(page: Page, width: number, quick: boolean) {
  let problems = await page.evaluate(fitProblems, { width, quick });
  if (problems.length > 0) {
    await page.waitForTimeout(1_000);
    problems = await page.evaluate(fitProblems, { width, quick });
  }
  return problems;
}

async function checkLanguage(browser: Browser, locale: string, prefix: string, visits: Visit[]) {
  const contexts = new Map<Role | 'guest', Promise<BrowserContext>>();
  const contextOf = (role: Role | 'guest') => {
    let context = contexts.get(role);
    if (!context) {
      context = phoneContext(browser, role);
      contexts.set(role, context);
    }
    return context;
  };
  const found: Record<string, string[]> = {};
  const spent = { load: 0, check: 0, wider: 0 };
  const since = (start: number) => performance.now() - start;
  fs.mkdirSync(OUT, { recursive: true });
  const queue = [...visits];
  const lane = async () => {
    const pages = new Map<Role | 'guest', { page: Page; router: ReturnType<typeof routerRequests> }>();
    for (let visit = queue.shift(); visit; visit = queue.shift()) {
      const { path, role } = visit;
      let shown = pages.get(role);
      if (!shown) {
        const opened = await (await contextOf(role)).newPage();
        shown = { page: opened, router: routerRequests(opened) };
        pages.set(role, shown);
      } else await shown.page.setViewportSize({ width: PHONE, height: 720 });
      const { page, router } = shown;
      const url = `${prefix}${path}`;
      let start = performance.now();
      await open(page, router, url);
      spent.load += since(start);
      start = performance.now();
      const problems = await settledProblems(page, PHONE, false);
      spent.check += since(start);
      found[`${url} @${PHONE}`] = problems;
      if (problems.length > 0) {
        await page.screenshot({ path: `${OUT}/${locale}${url.replace(/[^\w-]+/g, '_')}.png` });
      }
      expect.soft(problems, `${url} at ${PHONE} px`).toEqual([]);
      start = performance.now();
      for (const width of WIDER) {
        await page.setViewportSize({ width, height: 720 });
        const wider = await settledProblems(page, width, true);
        found[`${url} @${width}`] = wider;
        expect.soft(wider, `${url} at ${width} px`).toEqual([]);
      }
      spent.wider += since(start);
    }
  };
  const begun = performance.now();
  await Promise.all(Array.from({ length: LANES }, lane));
  const wall = since(begun);
  fs.writeFileSync(`${OUT}/${locale}.json`, JSON.stringify(found, null, 1));
  // Where the time went (ms, summed over the lanes; wall: the lanes' own time).
  const ms = Object.fromEntries(
    Object.entries({ wall, ...spent }).map(([key, value]) => [key, Math.round(value)]),
  );
  fs.writeFileSync(
    `${OUT}/${locale}-time.json`,
    JSON.stringify({ pages: visits.length, lanes: LANES, ...ms }),
  );
  for (const context of contexts.values()) await (await context).close();
}

for (const { locale, prefix } of LOCALES) {
  test(`phones, ${locale}: every page and the console fit at 320 to 430 px`, async ({ browser }) => {
    // 86 pages (half a minute to two on this busy 2-core machine) beside the other worker's language.
    test.setTimeout(360_000);
    const ids = await seededIds();
    const portal = [...PAGES, ...MORE_PAGES].map((entry) => ({
      path: entry.path(ids),
      role: roleOf(entry.who),
    }));
    const consolePages = ADMIN_NAV.map((entry) => ({ path: entry.href, role: 'operator' as const }));
    // A user's case file: the demo streamer's (sign-ins, content, a room).
    consolePages.push({ path: `/admin/users/${ids.anchor}`, role: 'operator' });
    await checkLanguage(browser, locale, prefix, [...portal, ...consolePages]);
  });
}
