// `test` with a page per role: `asUser`, `asAnchor`, `asOperator`, `asModerator`, `asFinance` (guests use the plain `page`). Every
// test fails on a Content-Security-Policy violation in any browser context it opens, and every context's
// pages run on the portal's clock (e2e/clock.ts), so times a page works out agree with the server's.
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { TIME_ZONE_COOKIE } from '@/lib/time/zone';
import { E2E_BASE_URL, E2E_CLOCK_START, E2E_SAME_ORIGIN, E2E_TIME_ZONE } from '../playwright.config';
import { onServerClock } from './clock';
import { guardContentSecurity, onEveryContext } from './csp-guard';
import { type Role, storageStatePath } from './roles';

type RolePages = {
  asUser: Page;
  asAnchor: Page;
  asOperator: Page;
  asModerator: Page;
  asFinance: Page;
  cspGuard: undefined;
  serverClock: undefined;
  knownZone: undefined;
};

/**
 * The `tz` cookie of a returning visitor in `timeZone`: pages render in that zone at once, without the one
 * reload before paint a browser the portal has never seen gets (components/layout/zone-script.tsx; that first
 * visit is e2e/clock-zone.spec.ts's subject). Without it every test's first page loaded twice.
 */
async function rememberZone(context: BrowserContext, timeZone: string) {
  await context.addCookies([
    { name: TIME_ZONE_COOKIE, value: encodeURIComponent(timeZone), url: E2E_BASE_URL },
  ]);
}

/** The test's own context, and every context it opens in the portal's zone, remember their zone. */
async function rememberZones(browser: Browser, context: BrowserContext, timeZone: string) {
  await rememberZone(context, timeZone);
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const opened = await newContext.apply(browser, args);
    if (args[0]?.timezoneId === E2E_TIME_ZONE) await rememberZone(opened, E2E_TIME_ZONE);
    return opened;
  };
  return () => {
    browser.newContext = newContext;
  };
}

const rolePage =
  (role: Role) =>
  async (
    // cspGuard and serverClock first, so the role's context is watched and on the portal's clock too.
    {
      browser,
      baseURL,
      cspGuard: _watched,
      serverClock: _clocked,
      knownZone: _zoned,
    }: {
      browser: Browser;
      baseURL: string | undefined;
      cspGuard: undefined;
      serverClock: undefined;
      knownZone: undefined;
    },
    use: (page: Page) => Promise<void>,
  ) => {
    const context = await browser.newContext({
      storageState: storageStatePath(role),
      baseURL,
      extraHTTPHeaders: E2E_SAME_ORIGIN,
      timezoneId: E2E_TIME_ZONE,
    });
    await use(await context.newPage());
    await context.close();
  };

export const test = base.extend<RolePages>({
  cspGuard: [
    async ({ browser, context }, use) => {
      const guard = await guardContentSecurity(browser, context);
      await use(undefined);
      guard.release();
      expect(guard.violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  serverClock: [
    async ({ browser, context }, use) => {
      // On the machine's time the browsers already agree with the portal.
      if (!E2E_CLOCK_START) return use(undefined);
      const release = await onEveryContext(browser, context, onServerClock);
      await use(undefined);
      release();
    },
    { auto: true },
  ],
  knownZone: [
    async ({ browser, context, timezoneId }, use) => {
      const release = await rememberZones(browser, context, timezoneId ?? E2E_TIME_ZONE);
      await use(undefined);
      release();
    },
    { auto: true },
  ],
  asUser: rolePage('user'),
  asAnchor: rolePage('anchor'),
  asOperator: rolePage('operator'),
  asModerator: rolePage('moderator'),
  asFinance: rolePage('finance'),
});

export { expect };
