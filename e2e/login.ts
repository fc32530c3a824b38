// Opening the top bar's login dialog. A click before the page is hydrated does nothing (seen on CI's busy
// PostgreSQL pass: the dialog never opened and the QR code's wait ran out), so it waits until React owns the
// button, clicks once, and waits for the dialog (its code loads on first open) and the QR code it opens on.
import { expect, type Locator, type Page } from '@playwright/test';

export const loginDialog = (page: Page) => page.getByRole('dialog');

/** Waits until React has hydrated the element: its props are attached, so its handlers answer. */
export async function whenHydrated(element: Locator) {
  await expect
    .poll(
      () => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
}

export async function openLoginDialog(page: Page) {
  const entry = page.getByRole('button', { name: '登录 / 注册' });
  await whenHydrated(entry);
  await entry.click();
  await expect(loginDialog(page)).toBeVisible({ timeout: 30_000 });
  await expect(loginDialog(page).getByRole('img', { name: '登录二维码' })).toBeVisible({ timeout: 30_000 });
}
