// The user centre's follows (3), collection (4), bookings (6) and messages (10) tabs with a fan's real
// data, made through the API as the fan would: each lists it, its action works in place and, once
// undone, the tab's empty state says what to do. A new fan also finds the task centre and the shop.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { asc, eq, isNull } from 'drizzle-orm';
import { ensureRoom } from '@/lib/live/service';
import { posts } from '@/lib/posts/schema';
import { videos } from '@/lib/videos/schema';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { createFictionalMatch, removeFictionalMatch } from './fictional-match';
import { expect as baseExpect, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

async function ok(page: Page, path: string, data: object) {
  const response = await page.request.post(path, { data });
  expect((await response.json()).code, path).toBe(0);
}

const FICTIONAL = ['E2E Member Tabs FC', 'E2E Collection Athletic'] as const;
let matchId: number | undefined;

test.afterAll(async () => {
  if (matchId !== undefined) await withDatabase((db) => removeFictionalMatch(db, matchId!, FICTIONAL));
});

/** A football match two hours from now (fictional teams: the real data holds no future fixtures), and a video. */
async function fixtures() {
  const kickoffAt = new Date((await serverNow()).getTime() + 2 * 3600_000);
  return withDatabase(async (db) => {
    const match = await createFictionalMatch(db, {
      teamNames: FICTIONAL,
      colour: '#7c3aed',
      externalPrefix: 'e2e-member-tabs',
      kickoffAt,
    });
    matchId = match.id;
    const [video] = await db
      .select({ id: videos.postId, title: videos.title })
      .from(videos)
      .innerJoin(posts, eq(posts.id, videos.postId))
      .where(isNull(posts.deletedAt))
      .orderBy(asc(videos.postId))
      .limit(1);
    return { matchId: match.id, video: video! };
  });
}

test('follows, collection, bookings and messages show the fan’s data and act in place', async ({
  browser,
}) => {
  const anchor = await freshUserPage(browser, `关注主播${randomInt(1e6)}`, { isAnchor: true });
  await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '用户中心测试直播间' }));
  // The fan is an anchor too, so a follower leaves a notice in their message centre.
  const fan = await freshUserPage(browser, `用户中心球迷${randomInt(1e6)}`, { isAnchor: true });
  const follower = await freshUserPage(browser, `新粉丝${randomInt(1e6)}`);
  const { matchId, video } = await fixtures();
  const { page } = fan;
  await ok(page, '/api/Member/attention', { anchor_id: anchor.user.id, type: 1 });
  await ok(page, '/api/live/reserveMatch2', { match_id: matchId, type: 1 });
  await ok(page, '/api/Video_user/favorites', { id: video.id });
  await ok(page, '/api/Footballuser/collect', { match_id: matchId });
  await ok(follower.page, '/api/Member/attention', { anchor_id: fan.user.id, type: 1 });

  // 关注: the followed anchor's card, unfollowed from its button.
  await page.goto('/member?type=3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的关注');
  const card = page
    .getByTestId('followed-anchors')
    .getByTestId('room-card')
    .filter({ hasText: anchor.user.nickname });
  await expect(card).toContainText('用户中心测试直播间');
  await page.screenshot({ path: 'test-results/member-follows.png' });
  await card.getByRole('button', { name: /^已关注/ }).click();
  await expect(card.getByRole('button', { name: /^关注/ })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByText('你还没有关注主播')).toBeVisible();
  await expect(page.getByRole('link', { name: '去看直播' })).toHaveAttribute('href', '/anchor?type=0');

  // 收藏: the favourite video and the starred match; unstarring the match takes it out.
  await page.goto('/member?type=4');
  await expect(page.getByTestId('favourite-videos').getByText(video.title)).toBeVisible();
  await expect(page.getByTestId('favourite-videos').getByTestId('video-favorite')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const starred = page.locator(`[data-testid="collection-match"][data-match-id="${matchId}"]`);
  await expect(starred).toBeVisible();
  await page.screenshot({ path: 'test-results/member-collection.png', fullPage: true });
  await starred.getByTestId('favourite-match').click();
  await expect(starred.getByTestId('favourite-match')).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByText('还没有收藏比赛。')).toBeVisible();
  await expect(page.getByTestId('favourite-videos').getByText(video.title)).toBeVisible();

  // 预约: the booked match, cancelled from its button.
  await page.goto('/member?type=6');
  const booked = page.locator(`[data-testid="schedule-match"][data-id="${matchId}"]`);
  await expect(booked.getByTestId('book-match')).toHaveText('已预约');
  await page.screenshot({ path: 'test-results/member-bookings.png' });
  await booked.getByTestId('book-match').click();
  await expect(booked.getByTestId('book-match')).toHaveText('预约');
  await page.reload();
  await expect(page.getByText('还没有预约')).toBeVisible();
  await expect(page.getByRole('link', { name: '去赛程预约' })).toBeVisible();

  // 消息: the new follower's notice, marked read in place; private messages are one link away.
  await page.goto('/member?type=10');
  const notice = page.getByTestId('notice').first();
  await expect(notice).toContainText(`${follower.user.nickname} 关注了你`);
  await expect(notice).toHaveAttribute('data-read', 'false');
  await page.screenshot({ path: 'test-results/member-messages.png' });
  await notice.getByRole('button', { name: '标为已读' }).click();
  await expect(notice).toHaveAttribute('data-read', 'true');
  await expect(page.getByRole('link', { name: '打开私信' })).toHaveAttribute('href', '/chat-chat');

  for (const context of [anchor, fan, follower]) await context.page.context().close();
});

test('a new fan sees empty states that say where to go, the task centre and the shop', async ({
  browser,
}) => {
  const { page } = await freshUserPage(browser, `新球迷${randomInt(1e6)}`);
  await page.goto('/member?type=4');
  await expect(page.getByText('还没有收藏', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '去看视频' })).toHaveAttribute('href', '/video-list');
  await page.goto('/member?type=10');
  await expect(page.getByText('暂无通知')).toBeVisible();
  const rail = page.getByRole('navigation', { name: '个人中心菜单' });
  await expect(rail.getByRole('link', { name: '我的收藏' })).toBeVisible();
  await expect(rail.getByRole('link', { name: '任务中心' })).toBeVisible();
  await expect(rail.getByRole('link', { name: '兑换商城' })).toBeVisible();
  await expect(page.getByTestId('task-entry')).toHaveAttribute('href', '/member?type=18');
  await page.getByTestId('user-menu').hover();
  await expect(page.getByRole('link', { name: '个人空间' })).toBeVisible();
  await page.context().close();
});
