// The operator console's frame and its audit log: a guest is asked to log in, a user and a moderator get
// the 403 page at the finance pages, whose own role gets in; an operator's write shows in the audit log
// (filtered through the URL, with its values) and the chain verifies; an operator schedules backups to a
// folder and sees the last one on the dashboard.
import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import { expect, test } from './fixtures';

const shots = process.env.SHOTS_DIR;
const shoot = async (target: Page | Locator, name: string) => {
  if (shots) await target.screenshot({ path: `${shots}/admin-${name}.png`, fullPage: true });
};

test('a guest is asked to log in; a user and a moderator are refused the finance pages', async ({
  page,
  asUser,
  asModerator,
  asFinance,
}) => {
  await page.goto('/admin/ledger');
  await expect(page.getByTestId('admin-login')).toContainText('请先登录');

  const refused = await asUser.goto('/admin/ledger');
  expect(refused?.status()).toBe(403);
  await expect(asUser.getByTestId('admin-forbidden')).toContainText('403');
  await expect(asUser.getByTestId('admin-nav')).toHaveCount(0);

  const moderator = await asModerator.goto('/en/admin/ledger');
  expect(moderator?.status()).toBe(403);
  await expect(asModerator.getByTestId('admin-forbidden')).toContainText(
    "You don't have access to this page",
  );
  // The moderator's navigation holds the overview, none of the finance or operator-only pages.
  const nav = asModerator.getByTestId('admin-nav');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Ledger check' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await shoot(asModerator, 'forbidden');

  // Finance runs the ledger check and reads its result.
  await asFinance.goto('/admin/ledger');
  await asFinance.getByTestId('ledger-run').click();
  await expect(asFinance.getByTestId('ledger-result')).toContainText('账本平衡');
  await shoot(asFinance, 'ledger');
  await asFinance.goto('/admin');
  await expect(asFinance.getByRole('heading', { name: '运营概览', level: 1 })).toBeVisible();
  await expect(asFinance.getByTestId('ops-week').getByRole('row')).toHaveCount(8);
  await shoot(asFinance, 'dashboard');
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

  // The action filter lists what each action does; its value is the action's route.
  await asOperator.getByTestId('filter-action').selectOption('/api/admin/sensitiveWords/add');
  await expect(asOperator).toHaveURL(/action=%2Fapi%2Fadmin%2FsensitiveWords%2Fadd/);
  const row = asOperator.getByTestId('data-row').first();
  await expect(row).toContainText('/api/admin/sensitiveWords/add');
  await expect(row).toContainText('运营小陈');
  await row.getByTestId('audit-diff-open').click();
  await expect(asOperator.getByTestId('audit-diff')).toContainText(word);
  await shoot(asOperator, 'diff');
  await asOperator.keyboard.press('Escape');

  // The filtered view survives a reload (its state is the URL).
  await asOperator.reload();
  await expect(asOperator.getByTestId('filter-action')).toHaveValue('/api/admin/sensitiveWords/add');
  await expect(asOperator.getByTestId('data-row').first()).toContainText('/api/admin/sensitiveWords/add');

  await asOperator.getByTestId('chain-verify').click();
  await expect(asOperator.getByTestId('chain-result')).toContainText('哈希链完整');

  // The operator's other pages: the seeded staff with their roles, the settings.
  await asOperator.goto('/admin/roles');
  await expect(asOperator.getByTestId('data-row').filter({ hasText: '审核小周' })).toContainText('审核员');
  await shoot(asOperator, 'roles');
  await asOperator.goto('/admin/settings');
  await expect(asOperator.getByTestId('setting-customerServiceEmail')).toBeVisible();
  await shoot(asOperator, 'settings');
  // Phone-wide, the console stays on this site (no hop to the mobile site: lib/mobile-redirect.ts).
  await asOperator.setViewportSize({ width: 390, height: 844 });
  await asOperator.goto('/admin/audit');
  await expect(asOperator.getByTestId('data-row').first()).toBeVisible();
  await asOperator.waitForLoadState('networkidle');
  expect(new URL(asOperator.url()).pathname).toBe('/admin/audit');
  await expect(asOperator.getByTestId('data-row').first()).toBeVisible();
  await shoot(asOperator, 'audit-phone');

  const listed = await asOperator.request.get('/api/admin/sensitiveWords/list', { params: { search: word } });
  for (const { id } of (await listed.json()).data.list as { id: number }[])
    await asOperator.request.post('/api/admin/sensitiveWords/delete', { data: { id } });
});

test('finance changes a coin rule in the console; a bad value is refused and changes nothing', async ({
  asFinance,
}) => {
  await asFinance.goto('/admin/coin-rules');
  // The page's own save status (a goal pop-up elsewhere on the page is a status too).
  const saved = asFinance.getByTestId('admin-main').getByRole('status');
  await expect(asFinance.getByRole('heading', { name: '金币规则', level: 1 })).toBeVisible();
  await expect(asFinance.getByRole('row', { name: /观看直播/ })).toBeVisible();
  const hourly = asFinance.getByTestId('invite-signupsPerHour');
  const before = await hourly.inputValue();
  await hourly.fill(String(Number(before) + 1));
  await asFinance.getByTestId('coin-rules-invites-save').click();
  await expect(saved).toContainText('已保存');
  await asFinance.reload();
  await expect(hourly).toHaveValue(String(Number(before) + 1));
  await shoot(asFinance, 'coin-rules');

  // An empty reward is refused with the route's message naming the field's label; the saved value stays.
  const reward = asFinance.getByTestId('task-watch-reward');
  const kept = await reward.inputValue();
  await reward.fill('');
  await asFinance.getByTestId('coin-rules-tasks-save').click();
  await expect(asFinance.getByRole('alert').filter({ hasText: '奖励（金币）须为数字' })).toBeVisible();
  await asFinance.reload();
  await expect(reward).toHaveValue(kept);

  // Put the threshold back for the rest of the suite.
  await hourly.fill(before);
  await asFinance.getByTestId('coin-rules-invites-save').click();
  await expect(saved).toContainText('已保存');
});

test('finance changes a nobility price in the console; members see it on their nobility purchase screen', async ({
  asFinance,
  asUser,
}) => {
  const restore = { tier: 4, monthly_price: 10_000, renewal_price: 10_000, sort: 4, active: true };
  try {
    await asFinance.goto('/admin/nobility');
    await expect(asFinance.getByRole('heading', { name: '贵族等级与价格', level: 1 })).toBeVisible();
    const earl = asFinance.getByTestId('data-row').filter({ hasText: '伯爵' });
    await expect(earl.getByTestId('tier-price')).toHaveText('10,000');
    await earl.getByTestId('tier-edit-earl').click();
    const dialog = asFinance.getByTestId('edit-dialog');
    await expect(dialog).toContainText('新价格只用于保存之后的购买和续费');
    await dialog.getByTestId('tier-price-input').fill('12000');
    await dialog.getByTestId('edit-reason').fill('年度调价');
    await dialog.getByTestId('edit-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(earl.getByTestId('tier-price')).toHaveText('12,000');
    await shoot(asFinance, 'nobility');

    await asUser.goto('/member?type=8');
    await expect(asUser.getByTestId('nobility-tier-4')).toContainText('12,000');
    await asUser.getByTestId('nobility-open').click();
    await asUser.getByTestId('nobility-dialog').getByText('伯爵', { exact: true }).click();
    await expect(asUser.getByTestId('nobility-price')).toHaveText('12,000 黄钻');
  } finally {
    // Put the price back for the rest of the suite.
    const back = await asFinance.request.post('/api/admin/nobility/saveTier', { data: restore });
    expect((await back.json()).code).toBe(0);
  }
});

test('an operator schedules backups to a folder, backs up now, sees the last backup on the dashboard and sets the data retention', async ({
  asOperator,
}) => {
  // A backup is verified by restoring it beside the database: tens of seconds on a busy CI machine.
  test.setTimeout(240_000);
  const folder = path.resolve(E2E_DATA_DIR, `backups-${randomInt(1e6)}`);
  await asOperator.goto('/admin/settings');
  const card = asOperator.getByRole('region', { name: '定时备份' });
  await expect(card).toBeVisible();
  // A bad value is refused with the field named, and nothing is saved.
  await card.getByTestId('backup-keep').fill('0');
  await card.getByTestId('backup-save').click();
  await expect(card.getByRole('alert')).toHaveText('保留份数不能小于 1');

  // Saved off first, so the schedule's own first run cannot overlap the one asked for below.
  await card.getByTestId('backup-keep').fill('3');
  await card.getByTestId('backup-intervalHours').fill('24');
  await card.getByTestId('backup-target-folder').click();
  await card.getByTestId('backup-folder').fill(folder);
  await card.getByTestId('backup-save').click();
  await expect(card.getByRole('status')).toHaveText('已保存并生效');
  // (The e2e database outlives a run of the suite: the new backup is the one whose line was not there.)
  const newest = card.getByTestId('backup-runs').getByRole('listitem').first();
  const before = (await newest.count()) ? ((await newest.textContent()) ?? '') : '';
  await card.getByTestId('backup-run').click();
  await expect(card.getByTestId('backup-run')).toHaveText('正在备份并校验…');
  await expect(newest).not.toHaveText(before, { timeout: 180_000 });
  await expect(newest).toContainText('已校验');
  await expect(newest).toContainText('.tar.gz');
  await expect(card.getByTestId('backup-run')).toHaveText('立即备份');
  const file = /portal-[^ ]+?\.tar\.gz/.exec((await newest.textContent()) ?? '')![0];
  // The schedule on: its next run is an interval after this one.
  await card.getByTestId('backup-enabled').check();
  await card.getByTestId('backup-save').click();
  await expect(card.getByRole('status')).toHaveText('已保存并生效');
  await shoot(card, 'backup-settings');

  await asOperator.goto('/admin/dashboard');
  const line = asOperator.getByTestId('ops-backup');
  await expect(line).toContainText('最近备份');
  await expect(line).toContainText('已读回校验');
  await expect(line).toContainText(file);
  await shoot(asOperator, 'dashboard-backup');

  // Data retention (issue #45 item 5), beside the backups now that they have a destination: a bad value is
  // refused in words and nothing changes; a good one is saved (120 months: nothing in the e2e data is that
  // old, so the daily job moves nothing), then off again.
  await asOperator.goto('/admin/settings');
  const retention = asOperator.getByRole('region', { name: '数据保留期限' });
  await expect(retention.getByTestId('retention-chat')).toHaveValue('');
  await retention.getByTestId('retention-audit').fill('6');
  await retention.getByTestId('retention-save').click();
  await expect(retention.getByRole('alert')).toHaveText('审计日志（月）不能小于 12');
  await retention.getByTestId('retention-audit').fill('');
  await retention.getByTestId('retention-chat').fill('120');
  await retention.getByTestId('retention-private').fill('120');
  await retention.getByTestId('retention-save').click();
  await expect(retention.getByRole('status')).toHaveText('已保存并生效');
  await asOperator.reload();
  await expect(retention.getByTestId('retention-chat')).toHaveValue('120');
  await expect(retention.getByTestId('retention-private')).toHaveValue('120');
  await shoot(retention, 'retention-settings');
  const retentionOff = await asOperator.request.post('/api/admin/retention/save', {
    data: { chat: null, notices: null, audit: null, private: null },
  });
  expect((await retentionOff.json()).code).toBe(0);

  // Off again for the rest of the suite.
  const off = await asOperator.request.post('/api/admin/backup/save', {
    data: { enabled: false, intervalHours: 24, keep: 3, target: 'folder', folder },
  });
  expect((await off.json()).code).toBe(0);
});
