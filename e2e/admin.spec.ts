// The operator console's frame and its audit log: a guest is asked to log in, a user and a moderator get
// the 403 page at an operator's page; an operator's write shows in the audit log (filtered through the
// URL, with its values) and the chain verifies.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const shots = process.env.SHOTS_DIR;
const shoot = async (target: Page | Locator, name: string) => {
  if (shots) await target.screenshot({ path: `${shots}/admin-${name}.png`, fullPage: true });
};

test('a guest is asked to log in; a user and a moderator are refused the audit log', async ({
  page,
  asUser,
  asModerator,
}) => {
  await page.goto('/admin/audit');
  await expect(page.getByTestId('admin-login')).toContainText('请先登录');

  const refused = await asUser.goto('/admin/audit');
  expect(refused?.status()).toBe(403);
  await expect(asUser.getByTestId('admin-forbidden')).toContainText('403');
  await expect(asUser.getByTestId('admin-nav')).toHaveCount(0);

  await asModerator.goto('/en/admin/audit');
  await expect(asModerator.getByTestId('admin-forbidden')).toContainText(
    "You don't have access to this page",
  );
  // The moderator's navigation holds none of the operator-only pages.
  await expect(asModerator.getByTestId('admin-nav').getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await shoot(asModerator, 'forbidden');
});

test('an operator finds their own write in the audit log, and the chain verifies', async ({ asOperator }) => {
  const word = `审计词${randomInt(1e6)}`;
  const added = await asOperator.request.post('/api/admin/sensitiveWords/add', { data: { words: [word] } });
  expect((await added.json()).code).toBe(0);

  await asOperator.goto('/admin');
  await expect(asOperator).toHaveURL(/\/admin\/\w+/);
  await asOperator.getByTestId('admin-nav').getByRole('link', { name: '审计日志' }).click();
  await expect(asOperator.getByRole('heading', { name: '审计日志', level: 1 })).toBeVisible();
  await shoot(asOperator, 'audit');

  await asOperator.getByTestId('filter-action').fill('sensitiveWords/add');
  await asOperator.getByTestId('filter-action').press('Enter');
  await expect(asOperator).toHaveURL(/action=sensitiveWords%2Fadd/);
  const row = asOperator.getByTestId('data-row').first();
  await expect(row).toContainText('/api/admin/sensitiveWords/add');
  await expect(row).toContainText('运营小陈');
  await row.getByTestId('audit-diff-open').click();
  await expect(asOperator.getByTestId('audit-diff')).toContainText(word);
  await shoot(asOperator, 'diff');
  await asOperator.keyboard.press('Escape');

  // The filtered view survives a reload (its state is the URL).
  await asOperator.reload();
  await expect(asOperator.getByTestId('filter-action')).toHaveValue('sensitiveWords/add');
  await expect(asOperator.getByTestId('data-row').first()).toContainText('/api/admin/sensitiveWords/add');

  await asOperator.getByTestId('chain-verify').click();
  await expect(asOperator.getByTestId('chain-result')).toContainText('哈希链完整');

  const listed = await asOperator.request.get('/api/admin/sensitiveWords/list', { params: { search: word } });
  for (const { id } of (await listed.json()).data.list as { id: number }[])
    await asOperator.request.post('/api/admin/sensitiveWords/delete', { data: { id } });
});
