// Deciding an item in the console's review queue as a person does: its row's button, a reason (and a
// text) in the reason dialog, confirm. The decision's own answer is checked first (a refusal fails there,
// saying why), then the row leaves the table.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The queue of one source, newest first, so a test's item is on the first page whatever else waits. */
export const reviewQueue = (source: string) => `/admin/review?source=${source}&sort=created&dir=desc`;

export async function decideInQueue(
  page: Page,
  id: number,
  action: 'approve' | 'reject',
  reason: string,
  text = '',
) {
  const item = page.getByTestId(`review-item-${id}`);
  await expect(item).toBeVisible();
  await page.getByTestId(`decide-${id}-${action}`).click();
  const dialog = page.getByTestId('reason-dialog');
  await dialog.getByLabel(reason, { exact: true }).check();
  if (text) await dialog.getByTestId('reason-text').fill(text);
  const answered = page.waitForResponse((response) =>
    /\/api\/admin\/review\/\w+\/decide$/.test(response.url()),
  );
  await dialog.getByTestId('reason-confirm').click();
  expect((await (await answered).json()).data.results).toEqual([expect.objectContaining({ id, ok: true })]);
  await expect(item).toBeHidden();
}
