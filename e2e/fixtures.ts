// `test` with a page per role: `asUser`, `asAnchor`, `asOperator` (guests use the plain `page`). Every
// test fails on a Content-Security-Policy violation in any browser context it opens.
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_SAME_ORIGIN } from '../playwright.config';
import { guardContentSecurity } from './csp-guard';
import { type Role, storageStatePath } from './roles';

type RolePages = { asUser: Page; asAnchor: Page; asOperator: Page; cspGuard: undefined };

const rolePage =
  (role: Role) =>
  async (
    // cspGuard first, so the role's context is watched too.
    {
      browser,
      baseURL,
      cspGuard: _watched,
    }: { browser: import('@playwright/test').Browser; baseURL: string | undefined; cspGuard: undefined },
    use: (page: Page) => Promise<void>,
  ) => {
    const context = await browser.newContext({
      storageState: storageStatePath(role),
      baseURL,
      extraHTTPHeaders: E2E_SAME_ORIGIN,
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
  asUser: rolePage('user'),
  asAnchor: rolePage('anchor'),
  asOperator: rolePage('operator'),
});

export { expect };
