// `test` with a page per role: `asUser`, `asAnchor`, `asOperator` (guests use the plain `page`).
import { test as base, type Page } from '@playwright/test';
import { E2E_SAME_ORIGIN } from '../playwright.config';
import { type Role, storageStatePath } from './roles';

type RolePages = { asUser: Page; asAnchor: Page; asOperator: Page };

const rolePage =
  (role: Role) =>
  async (
    { browser, baseURL }: { browser: import('@playwright/test').Browser; baseURL: string | undefined },
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
  asUser: rolePage('user'),
  asAnchor: rolePage('anchor'),
  asOperator: rolePage('operator'),
});

export { expect } from '@playwright/test';
