// Every page on a phone (issue 42): at 320 px every route of e2e/pages.ts and every console page in all
// four languages, and a few busy pages at 360, 390 and 430 too, fail on anything e2e/phone-fit.ts finds
// (a page wider than the device, an element past its edge, a cut control or name, a label broken inside a
// word, a doubled word, a cell's content over its neighbour). A phone context (isMobile, touch) with the
// `force_desktop` cookie, as a fresh install without a mobile site serves phones. One page per test,
// resized in place for the other widths: the spec's time is page loads. What each page showed is written
// to test-results/phone-fit/<test>.json (the figures of the issue's before and after), with a screenshot
// of each page that does not fit at 320 px.
// e2e/responsive.spec.ts keeps the top bar's own checks from 390 to 1920 px.
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { ADMIN_NAV } from '@/lib/admin/nav';
import { FORCE_DESKTOP_COOKIE } from '@/lib/mobile-redirect';
import { E2E_BASE_URL, E2E_SAME_ORIGIN } from '../playwright.config';
import { expect, test } from './fixtures';
import { MORE_PAGES, PAGES, type PortalPage, seededIds, type Who } from './pages';
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
/** Busy pages checked at every phone width (the rest at 320, the narrowest, only). */
const EVERY_WIDTH = new Set(['/main', '/football', '/specialist', '/member?type=1', '/admin/dashboard']);
const OUT = 'test-results/phone-fit';

type Visit = { path: string; role: Role | 'guest' };
const roleOf = (who: Who | undefined): Role | 'guest' => (who === 'guest' ? 'guest' : (who ?? 'user'));
const portal: (PortalPage & { role: Role | 'guest' })[] = [...PAGES, ...MORE_PAGES].map((entry) => ({
  ...entry,
  role: roleOf(entry.who),
}));
/** Halves of the portal's pages (two tests per language, so both workers share them). */
const halves = [portal.filter((_, index) => index % 2 === 0), portal.filter((_, index) => index % 2 === 1)];

async function phonePage(browser: Browser, role: Role | 'guest') {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    viewport: { width: PHONE, height: 720 },
    isMobile: true,
    hasTouch: true,
    ...(role === 'guest' ? {} : { storageState: storageStatePath(role) }),
  });
  await context.addCookies([{ name: FORCE_DESKTOP_COOKIE, value: '1', url: E2E_BASE_URL }]);
  // Pictures and video keep their boxes (width and height are set): not fetching them saves the busy
  // machine's time, which is page loads.
  await context.route(/\.(png|jpe?g|webp|gif|svg|mp4|webm|m3u8|flv)(\?|$)/, (route) => route.abort());
  return context.newPage();
}

/** The page's problems once it has settled: checked again after a second while any are left. */
async function settledProblems(page: Page, width: number) {
  let problems: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await page.waitForTimeout(1_000);
    problems = await page.evaluate(fitProblems, width);
    if (problems.length === 0) break;
  }
  return problems;
}

async function checkVisits(browser: Browser, prefix: string, visits: Visit[], file: string) {
  test.setTimeout(240_000);
  const pages = new Map<Role | 'guest', Page>();
  const found: Record<string, string[]> = {};
  fs.mkdirSync(OUT, { recursive: true });
  for (const { path, role } of visits) {
    let page = pages.get(role);
    if (!page) {
      page = await phonePage(browser, role);
      pages.set(role, page);
    }
    await page.setViewportSize({ width: PHONE, height: 720 });
    // The load event, not network idle: pages with live data keep polling, and the spec's time is page
    // loads. What comes later is given a second (settledProblems) before it counts.
    await page.goto(`${prefix}${path}`);
    for (const width of EVERY_WIDTH.has(path) ? [PHONE, ...WIDER] : [PHONE]) {
      if (width !== PHONE) await page.setViewportSize({ width, height: 720 });
      const problems = await settledProblems(page, width);
      found[`${prefix}${path} @${width}`] = problems;
      // A page that does not fit leaves its picture beside the figures.
      if (problems.length > 0 && width === PHONE) {
        await page.screenshot({ path: `${OUT}/${file}${`${prefix}${path}`.replace(/[^\w-]+/g, '_')}.png` });
      }
      expect.soft(problems, `${prefix}${path} at ${width} px`).toEqual([]);
    }
    fs.writeFileSync(`${OUT}/${file}.json`, JSON.stringify(found, null, 1));
  }
  for (const page of pages.values()) await page.context().close();
}

for (const { locale, prefix } of LOCALES) {
  test.describe(`phones, ${locale}`, () => {
    halves.forEach((half, index) => {
      test(`the portal's pages fit at 320 px (part ${index + 1} of 2)`, async ({ browser }) => {
        const ids = await seededIds();
        const visits = half.map((entry) => ({ path: entry.path(ids), role: entry.role }));
        await checkVisits(browser, prefix, visits, `${locale}-portal-${index + 1}`);
      });
    });
    test('the console fits at 320 px (operator)', async ({ browser }) => {
      const visits = ADMIN_NAV.map((entry) => ({ path: entry.href, role: 'operator' as const }));
      // A user's case file: the demo streamer's (sign-ins, content, a room).
      visits.push({ path: `/admin/users/${(await seededIds()).anchor}`, role: 'operator' });
      await checkVisits(browser, prefix, visits, `${locale}-console`);
    });
  });
}
