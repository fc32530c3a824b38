// The task centre (/member?type=18) in a browser: a fan checks in and sees the coins rise (balance,
// calendar, coin records, the top bar's dot gone); a fan watching a live room finishes the watch task
// through the gateway's real heartbeat (the first 599 seconds of presence seeded, never slept) and
// claims it; a guest is asked to log in with the login dialog.
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { localDay } from '@/lib/tasks/rules';
import { taskRules } from '@/lib/tasks/service';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

test('a fan checks in and sees the coins rise', async ({ browser }) => {
  const { page } = await freshUserPage(browser, `签到球迷${randomInt(1e6)}`);
  await page.goto('/member?type=18');
  await expect(page.getByRole('heading', { name: '任务中心', level: 1 })).toBeVisible();
  await expect(page.getByTestId('task-coins')).toHaveText('0');
  // Today's sign-in waits: the top bar's entry shows its dot.
  await expect(page.getByTestId('task-dot')).toBeVisible();
  const calendar = page.getByTestId('sign-calendar');
  await expect(calendar.getByRole('listitem')).toHaveCount(7);
  await expect(calendar.locator('[aria-current="date"]')).toContainText('今天');
  await expect(calendar.locator('[aria-current="date"]')).toContainText('+5');
  await expect(page.getByTestId('task-watch')).toContainText('观看直播 10 分钟');
  await expect(page.getByTestId('task-watch').getByTestId('task-progress')).toHaveText('0/10');
  await expect(page.getByTestId('task-follow')).toContainText('关注 3 位主播');
  await expect(page.getByText('近三个月没有记录')).toBeVisible();
  await page.screenshot({ path: 'test-results/tasks-before.png', fullPage: true });

  await page.getByTestId('sign-button').click();
  await expect(page.getByText('签到成功，获得 5 金币')).toBeVisible();
  await expect(page.getByTestId('task-coins')).toHaveText('5');
  await expect(page.getByTestId('sign-button')).toHaveText('今日已签到');
  await expect(page.getByTestId('sign-button')).toBeDisabled();
  await expect(page.getByTestId('sign-streak')).toHaveText('已连续签到 1 天');
  await expect(page.getByTestId('wallet-statement')).toContainText('每日签到');
  await expect(page.getByTestId('wallet-statement')).toContainText('+5 金币');

  // A reload keeps it: signed in, no dot, the coins in the wallet's coin records too.
  await page.reload();
  await expect(page.getByTestId('sign-button')).toHaveText('今日已签到');
  await expect(page.getByTestId('task-dot')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/tasks-signed.png', fullPage: true });
  await page.goto('/member?type=2');
  await expect(page.getByTestId('wallet-coin')).toHaveText('5');
  await page.getByRole('button', { name: '金币', exact: true }).click();
  await expect(page.getByTestId('wallet-statement')).toContainText('每日签到');
  await page.context().close();
});

test('watching a live room finishes the watch task, claimed once', async ({ browser }) => {
  test.slow();
  const anchor = await freshUserPage(browser, `任务主播${randomInt(1e6)}`, { isAnchor: true });
  const room = await withDatabase(async (db) => {
    const created = await ensureRoom(db, anchor.user.id, { title: '任务测试直播间' });
    await db.update(liveRooms).set({ status: 'live' }).where(eq(liveRooms.id, created.id));
    return created;
  });
  const { page, user } = await freshUserPage(browser, `看球球迷${randomInt(1e6)}`);
  await page.goto(`/live?id=${room.id}`);
  await expect(page.getByText('任务测试直播间').first()).toBeVisible();
  // Nine minutes and 59 seconds of presence seeded as the gateway records it; the room page's own
  // heartbeat (every 30 s) adds the last second.
  const now = await serverNow();
  await withDatabase(async (db) => {
    const day = localDay(now, (await taskRules(db)).timeZone);
    await db.execute(sql`
      insert into watch_time (user_id, day, seconds, last_beat_at)
      values (${user.id}, ${day}, 599, ${now.toISOString()})`);
  });
  await expect
    .poll(
      () =>
        withDatabase(async (db) => {
          const { rows } = await db.execute<{ seconds: number }>(
            sql`select seconds from watch_time where user_id = ${user.id}`,
          );
          return Number(rows[0]?.seconds ?? 0);
        }),
      { timeout: 75_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(600);

  await page.goto('/member?type=18');
  const watch = page.getByTestId('task-watch');
  await expect(watch.getByTestId('task-progress')).toHaveText('10/10');
  await expect(page.getByTestId('task-dot')).toBeVisible();
  await watch.getByRole('button', { name: '领取' }).click();
  await expect(page.getByText('领取成功，获得 20 金币')).toBeVisible();
  await expect(page.getByTestId('task-coins')).toHaveText('20');
  await expect(watch.getByText('已领取')).toBeVisible();
  await expect(page.getByTestId('wallet-statement')).toContainText('任务奖励');
  await expect(page.getByTestId('wallet-statement')).toContainText('+20 金币');
  await page.screenshot({ path: 'test-results/tasks-claimed.png', fullPage: true });
  for (const context of [page.context(), anchor.page.context()]) await context.close();
});

test('a guest at the task centre is asked to log in, with the login dialog', async ({ page }) => {
  await page.goto('/member?type=18');
  await expect(page.getByRole('heading', { name: '请登录后重试' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: 'test-results/tasks-guest.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: '任务中心' }).click();
  await expect(page.getByText('请登录后重试').last()).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
});
