// The home page's first screen: the hottest live room's cover (then its player) leads, and a click
// enters the room; an operator's banner appears under it, and is gone once deleted.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { liveRooms } from '@/lib/live/schema';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

test('the hottest live room leads the home page and a click enters it', async ({ page }) => {
  // /main and then /live render on the server from cold on a busy 2-core machine: 30 s was not enough.
  test.setTimeout(120_000);
  const title = `首页焦点直播 #${randomInt(1_000_000)}`;
  const roomId = await withDatabase(async (db) => {
    const [anchor] = await db
      .insert(users)
      .values({
        mobile: `172${String(randomInt(100_000_000)).padStart(8, '0')}`,
        nickname: '首页主播',
        isAnchor: true,
      })
      .returning();
    const [room] = await db
      .insert(liveRooms)
      .values({ anchorId: anchor!.id, title, status: 'live', heat: 2_000_000_000 })
      .returning();
    return room!.id;
  });
  try {
    await page.goto('/main');
    const stage = page.getByTestId('home-live-stage');
    await expect(stage.getByTestId('home-live-cover')).toBeVisible();
    await expect(page.getByTestId('home-live-title')).toHaveText(title);
    await expect(page.getByTestId('hot-streamers').getByTestId('hot-streamer').first()).toContainText(
      '首页主播',
    );
    await stage.getByTestId('home-live-enter').click();
    await expect(page).toHaveURL(new RegExp(`/live\\?id=${roomId}$`));
    await expect(page.getByTestId('room-title')).toHaveText(title);
  } finally {
    await withDatabase((db) =>
      db.update(liveRooms).set({ status: 'ended', heat: 0 }).where(eq(liveRooms.id, roomId)),
    );
  }
});

test('an operator-created banner appears on the home page', async ({ page, asOperator }) => {
  test.setTimeout(120_000);
  const title = `欧冠决赛夜 #${randomInt(1_000_000)}`;
  const saved = await asOperator.request.post('/api/admin/promo/save', {
    data: {
      kind: 'banner',
      title: { 'zh-CN': title, en: 'Final night' },
      imageUrl: '/apple-icon.png',
      linkUrl: '/schedule?type=0',
    },
  });
  const { code, data } = await saved.json();
  expect(code).toBe(0);
  try {
    await page.goto('/main');
    const banner = page.getByTestId('home-banner').filter({ hasText: title });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link')).toHaveAttribute('href', '/schedule?type=0');
  } finally {
    await asOperator.request.post('/api/admin/promo/delete', { data: { id: data.id } });
  }
  await page.reload();
  await expect(page.getByTestId('home-banner').filter({ hasText: title })).toHaveCount(0);
});
