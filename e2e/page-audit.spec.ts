// Every page of the portal, in Simplified Chinese and English: no layout shift while it loads (CLS ≤ 0.02,
// the late parts have their room reserved), and in Simplified Chinese no serious or critical axe-core
// violation (the markup and colours are the same in every language, and lib/i18n/catalogs.test.ts proves
// every label exists in all four; axe was a third of this file's time). A new page joins the list below
// (the list is the check's coverage). The operator console's pages come from its navigation registry
// (lib/admin/nav.ts), so a new console page is audited by itself: signed in as the operator, once at the
// desktop width and once at 360 px, with no console error and, on the phone, nothing wider than the screen
// (a wide table scrolls inside its frame).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { aliasedTable, and, eq, isNull } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { ADMIN_NAV } from '@/lib/admin/nav';
import { circlePosts, circles } from '@/lib/circles/schema';
import { liveRooms } from '@/lib/live/schema';
import { posts } from '@/lib/posts/schema';
import { matches, teams } from '@/lib/scores/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

type Who = 'guest' | 'user' | 'anchor';
type Ids = { room: number; match: number; anchor: number; circlePost: number };

/** Every route of app/[locale] (spec §2) that exists, with the seeded ids it needs. */
const PAGES: { path: (ids: Ids) => string; who?: Who }[] = [
  { path: () => '/main' },
  { path: () => '/football' },
  { path: () => '/football?sport=esports' },
  { path: () => '/basketball' },
  { path: ({ match }) => `/score-detail?id=${match}` },
  { path: ({ match }) => `/score-detail?id=${match}&tab=lineups` },
  { path: ({ match }) => `/score-live?id=${match}` },
  { path: () => '/foresight' },
  { path: () => '/anchor' },
  { path: ({ room }) => `/live?id=${room}` },
  { path: () => '/rank' },
  { path: () => '/schedule' },
  { path: () => '/reserve', who: 'user' },
  { path: () => '/attention', who: 'user' },
  { path: () => '/demo' },
  { path: () => '/base-football' },
  { path: () => '/base-basketball' },
  { path: () => '/trophy/home' },
  { path: () => '/login' },
  { path: () => '/qr-login?code=unknown' },
  { path: () => '/about-user?type=0' },
  { path: ({ anchor }) => `/persona?uid=${anchor}` },
  { path: ({ anchor }) => `/persona?uid=${anchor}&tab=fans` },
  { path: () => '/search?name=%E9%98%BF%E6%A3%AE%E7%BA%B3' },
  { path: () => '/search?name=zzzzqqq' },
  { path: () => '/downLoad' },
  { path: () => '/dome' },
  { path: () => '/new_file' },
  { path: () => '/circle' },
  { path: ({ circlePost }) => `/circle-detail?id=${circlePost}` },
  { path: () => '/member', who: 'guest' },
  { path: () => '/member?type=1', who: 'user' },
  { path: () => '/member?type=3', who: 'user' },
  { path: () => '/member?type=4', who: 'user' },
  { path: () => '/member?type=5', who: 'user' },
  { path: () => '/member?type=6', who: 'user' },
  { path: () => '/member?type=10', who: 'user' },
  { path: () => '/member?type=18', who: 'user' },
  { path: () => '/member?type=19', who: 'user' },
  { path: () => '/member?type=7', who: 'user' },
  { path: () => '/member?type=9', who: 'anchor' },
  { path: () => '/member?type=24', who: 'user' },
  { path: () => '/no-such-page' },
];

const LOCALES = [
  { locale: 'zh-CN', prefix: '', axe: true },
  { locale: 'en', prefix: '/en', axe: false },
];

let ids: Promise<Ids> | undefined;
const seededIds = () => {
  ids ??= readSeededIds();
  return ids;
};

async function readSeededIds(): Promise<Ids> {
  const anchorAccount = DEMO_ACCOUNTS.find((account) => account.key === 'anchor')!;
  return withDatabase(async (db) => {
    const [room] = await db
      .select({ room: liveRooms.id, anchor: users.id })
      .from(liveRooms)
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(and(eq(users.countryCode, '86'), eq(users.mobile, anchorAccount.mobile)));
    const home = aliasedTable(teams, 'home_team');
    const away = aliasedTable(teams, 'away_team');
    const [final] = await db
      .select({ id: matches.id })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(
        and(
          eq(matches.source, 'openfootball'),
          eq(home.sourceName, 'Argentina'),
          eq(away.sourceName, 'France'),
        ),
      );
    return { room: room!.room, anchor: room!.anchor, match: final!.id, circlePost: await circlePostId(db) };
  });
}

/** A shown community post: the first there is, else one written by the demo user. */
async function circlePostId(db: Parameters<Parameters<typeof withDatabase>[0]>[0]) {
  const [shown] = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(circlePosts, eq(circlePosts.postId, posts.id))
    .where(and(eq(posts.reviewStatus, 'approved'), isNull(posts.deletedAt)))
    .limit(1);
  if (shown) return shown.id;
  const userAccount = DEMO_ACCOUNTS.find((account) => account.key === 'user')!;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, userAccount.mobile));
  const [circle] = await db
    .select({ id: circles.id })
    .from(circles)
    .where(eq(circles.slug, 'general:football'));
  const [post] = await db
    .insert(posts)
    .values({ authorId: author!.id, channel: 'circle', body: '页面检查：今晚的比赛大家怎么看？' })
    .returning({ id: posts.id });
  await db.insert(circlePosts).values({ postId: post!.id, circleId: circle!.id });
  return post!.id;
}

/** Layout shift budget of a page load (Lighthouse's "good" is 0.1; the portal keeps to 0.02). */
const MAX_LAYOUT_SHIFT = 0.02;

/**
 * Sums the page's unexpected layout shifts from its first paint (runs before the page's scripts), and
 * keeps what moved (element, from and to), so a failure says which element shifted.
 */
function recordLayoutShift() {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const holder = window as unknown as { __layoutShift: number; __layoutShiftSources: string[] };
  holder.__layoutShift = 0;
  holder.__layoutShiftSources = [];
  const nameOf = (node?: Node) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const classes = [...node.classList].slice(0, 4).join('.');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''}`;
  };
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      holder.__layoutShift += entry.value;
      for (const source of entry.sources ?? [])
        holder.__layoutShiftSources.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nameOf(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
        );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The serious and critical violations on the page as it stands, one line per rule. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.nodes.length}): ${violation.nodes[0]?.target.join(' ')}`,
    );
}

for (const { locale, prefix, axe } of LOCALES) {
  test.describe(`accessibility, ${locale}`, () => {
    for (const entry of PAGES) {
      const label = entry.path({ room: 0, match: 0, anchor: 0, circlePost: 0 }).replace(/=0\b/, '=<id>');
      const name = `${label}${entry.who ? ` (${entry.who})` : ''}: no layout shift${axe ? ', no serious axe violation' : ''}`;
      const check = async (viewer: Page) => {
        // axe over a long page (/foresight) took 1.5 to over 2 minutes on this 2-core machine at load 30.
        test.setTimeout(300_000);
        await loadAudited(viewer, `${prefix}${entry.path(await seededIds())}`);
        if (axe) expect(await seriousViolations(viewer)).toEqual([]);
      };
      if (entry.who === 'user') test(name, ({ asUser }) => check(asUser));
      else if (entry.who === 'anchor') test(name, ({ asAnchor }) => check(asAnchor));
      else test(name, ({ page }) => check(page));
    }
  });
}

/** The phone width the console is audited at (the narrowest Android phones in use). */
const CONSOLE_PHONE_WIDTH = 360;

/**
 * Loads a page and holds its layout shift to the budget; gives the console and page errors met meanwhile
 * (the console's pages must have none).
 */
async function loadAudited(viewer: Page, path: string) {
  const errors: string[] = [];
  viewer.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  viewer.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await viewer.addInitScript(recordLayoutShift);
  await viewer.goto(path);
  // Pages with live data keep polling: settle for what loads in the first seconds.
  await viewer.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  const { shift, sources } = await viewer.evaluate(() => {
    const holder = window as unknown as { __layoutShift: number; __layoutShiftSources: string[] };
    return { shift: holder.__layoutShift, sources: holder.__layoutShiftSources };
  });
  expect(shift, `cumulative layout shift; what moved:\n${sources.join('\n')}`).toBeLessThanOrEqual(
    MAX_LAYOUT_SHIFT,
  );
  return errors;
}

/** The elements reaching past the right edge of the screen (what makes the page scroll sideways). */
function overflowingElements() {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  const clipped = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const { overflowX } = getComputedStyle(parent);
      if (overflowX !== 'visible') return parent !== document.body && parent !== document.documentElement;
    }
    return false;
  };
  return [...document.body.querySelectorAll('*')]
    .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
    .slice(0, 5)
    .map((element) => {
      const classes = [...element.classList].slice(0, 4).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} right=${Math.round(element.getBoundingClientRect().right)}`;
    });
}

test.describe('the console, zh-CN (operator)', () => {
  for (const entry of ADMIN_NAV)
    for (const phone of [false, true])
      test(`${entry.href}${phone ? ` at ${CONSOLE_PHONE_WIDTH} px` : ''}: no layout shift, no console error, ${phone ? 'nothing past the screen' : 'no serious axe violation'}`, async ({
        asOperator,
      }) => {
        test.setTimeout(300_000);
        if (phone) await asOperator.setViewportSize({ width: CONSOLE_PHONE_WIDTH, height: 780 });
        const errors = await loadAudited(asOperator, entry.href);
        await expect(asOperator.getByTestId('admin-main').getByRole('heading', { level: 1 })).toBeVisible();
        expect(new URL(asOperator.url()).pathname).toBe(entry.href);
        if (phone) expect(await asOperator.evaluate(overflowingElements)).toEqual([]);
        else expect(await seriousViolations(asOperator)).toEqual([]);
        expect(errors).toEqual([]);
      });
});
