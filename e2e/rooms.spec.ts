// Room lists and following: /anchor with its filters and the 18+ check, /attention, the follow
// button, and /score-live listing the rooms bound to a match.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { customCategories, liveRooms } from '@/lib/live/schema';
import { matches } from '@/lib/scores/schema';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

/**
 * The card of `name` on an /anchor list, page after page until it shows: rooms other specs made (live, or
 * hotter) may come before the seeded anchor's.
 */
async function roomCardOn(page: Page, path: string, name: string) {
  const card = page.getByTestId('room-card').filter({ hasText: name });
  const next = page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' });
  for (let at = 1; ; at += 1) {
    await page.goto(at === 1 ? path : `${path}&page=${at}`);
    if ((await card.count()) || !(await next.count())) return card;
  }
}

test('/anchor lists the seeded anchor’s room, and each filter answers', async ({ page }) => {
  const card = await roomCardOn(page, '/anchor?type=0', '解说老李');
  await expect(page).toHaveTitle('直播 - 开球直播');
  await expect(page.getByRole('heading', { level: 1, name: '全部直播' })).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.getByRole('link')).toHaveAttribute('href', /^\/live\?id=\d+$/);

  await page.getByRole('link', { name: '已预约' }).click();
  await expect(page.getByText('登录后查看预约的直播')).toBeVisible();
  // A weekday five days ahead in the portal's zone: the demo anchors' reserved lives are within three days.
  const ahead = new Date((await serverNow()).getTime() + 5 * 86_400_000);
  const short = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', weekday: 'short' }).format(
    ahead,
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
  await page
    .getByRole('link', { name: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'][weekday - 1] })
    .click();
  await expect(page).toHaveURL(new RegExp(`filter=weekday&weekday=${weekday}`));
  await expect(page.getByText('这一天还没有主播预约直播')).toBeVisible();
});

test('/anchor shows forty rooms a page and pages on to the rest', async ({ page }) => {
  // A category of its own (switched off, so no other page lists it) with 41 rooms, heat 1 … 41.
  const { categoryId, anchorIds } = await withDatabase(async (db) => {
    const [category] = await db
      .insert(customCategories)
      .values({ names: { 'zh-CN': '分页测试' }, enabled: false })
      .returning();
    const base = randomInt(100_000_000);
    const anchors = await db
      .insert(users)
      .values(
        Array.from({ length: 41 }, (_, i) => ({
          mobile: `172${String((base + i) % 100_000_000).padStart(8, '0')}`,
          nickname: `分页主播${i + 1}`,
          isAnchor: true,
        })),
      )
      .returning({ id: users.id });
    await db.insert(liveRooms).values(
      anchors.map((anchor, i) => ({
        anchorId: anchor.id,
        title: `分页房间${i + 1}`,
        category: 'custom' as const,
        customCategoryId: category!.id,
        heat: i + 1,
      })),
    );
    return { categoryId: category!.id, anchorIds: anchors.map((anchor) => anchor.id) };
  });
  try {
    await page.goto(`/anchor?type=3&id=${categoryId}`);
    await expect(page.getByRole('heading', { level: 1, name: '分页测试' })).toBeVisible();
    const cards = page.getByTestId('room-card');
    await expect(cards).toHaveCount(40);
    await expect(cards.first()).toContainText('分页房间41');
    const pager = page.getByRole('navigation', { name: '分页' });
    await expect(pager).toContainText('第 1 / 2 页');
    await pager.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(new RegExp(`id=${categoryId}.*&page=2$`));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('分页房间1');
    await expect(pager).toContainText('第 2 / 2 页');
    await pager.getByRole('link', { name: '上一页' }).click();
    await expect(cards).toHaveCount(40);
    // A link past the end shows the last page.
    await page.goto(`/anchor?type=3&id=${categoryId}&page=9`);
    await expect(pager).toContainText('第 2 / 2 页');
  } finally {
    await withDatabase(async (db) => {
      await db.delete(liveRooms).where(eq(liveRooms.customCategoryId, categoryId));
      await db.delete(users).where(inArray(users.id, anchorIds));
      await db.delete(customCategories).where(eq(customCategories.id, categoryId));
    });
  }
});

test('the 18+ category asks for the visitor’s age first, once', async ({ page }) => {
  await page.goto('/anchor?type=3');
  await expect(page.getByRole('alertdialog', { name: '你已年满 18 岁吗？' })).toBeVisible();
  await expect(page.getByTestId('room-card')).toHaveCount(0);
  await page.getByRole('link', { name: '我已年满 18 岁' }).click();
  await expect(page).toHaveURL(/\/anchor\?type=3$/);
  await expect(page.getByText('这个分类还没有主播')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('following an anchor from the live room puts the room on /attention', async ({ browser }) => {
  const { page } = await freshUserPage(browser, '新粉丝');
  await (await roomCardOn(page, '/anchor?type=1', '解说老李')).getByRole('link').click();
  await expect(page).toHaveURL(/\/live\?id=\d+$/);
  const follow = page.getByRole('button', { name: /^关注/ });
  const before = Number((await follow.textContent())!.replace(/\D/g, ''));
  await follow.click();
  await expect(page.getByRole('button', { name: new RegExp(`^已关注\\s?${before + 1}$`) })).toBeVisible();

  await page.goto('/attention');
  await expect(page.getByRole('heading', { level: 1, name: '我的关注' })).toBeVisible();
  await expect(
    page.getByTestId('followed-anchors').getByTestId('room-card').filter({ hasText: '解说老李' }),
  ).toBeVisible();
  await page.context().close();
});

test('a room the viewer opened appears under 最近观看 on /attention until they clear it', async ({
  browser,
}) => {
  const { page } = await freshUserPage(browser, '爱看球的人');
  await page.goto('/attention');
  const history = page.getByTestId('watch-history');
  await expect(history.getByText('最近三个月还没有观看记录')).toBeVisible();
  await (await roomCardOn(page, '/anchor?type=1', '解说老李')).getByRole('link').click();
  await expect(page.getByTestId('room-title')).toBeVisible();

  // The room page writes the watch after its response has ended (`after()`): the title can show first, so
  // /attention is read again until the watch is there.
  await expect
    .poll(async () => {
      await page.goto('/attention');
      return history.getByTestId('room-card').filter({ hasText: '解说老李' }).count();
    })
    .toBe(1);
  await expect(history.getByRole('heading', { name: '最近观看' })).toBeVisible();
  await history.getByRole('button', { name: '清空记录' }).click();
  await expect(history.getByText('最近三个月还没有观看记录')).toBeVisible();
  await expect(history.getByTestId('room-card')).toHaveCount(0);
  await page.context().close();
});

test('a guest who follows is asked to log in; /attention asks too', async ({ page }) => {
  await (await roomCardOn(page, '/anchor?type=0', '解说老李')).getByRole('link').click();
  await page.getByRole('button', { name: /^关注/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/attention');
  await expect(page.getByText('登录后查看关注的主播')).toBeVisible();
});

test('/score-live lists a live room bound to the match', async ({ page }) => {
  const { roomId, matchId } = await withDatabase(async (db) => {
    const [anchor] = await db
      .insert(users)
      .values({
        mobile: `171${String(randomInt(100_000_000)).padStart(8, '0')}`,
        nickname: '比赛解说员',
        isAnchor: true,
      })
      .returning();
    const [match] = await db
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.source, 'openfootball'))
      .limit(1);
    const [room] = await db
      .insert(liveRooms)
      .values({ anchorId: anchor!.id, title: '陪你看这场', status: 'live', matchId: match!.id })
      .returning();
    return { roomId: room!.id, matchId: match!.id };
  });
  try {
    await page.goto(`/score-live?id=${matchId}`);
    const rooms = page.getByTestId('live-rooms');
    await expect(rooms.getByRole('link', { name: /陪你看这场/ })).toHaveAttribute(
      'href',
      `/live?id=${roomId}`,
    );
  } finally {
    await withDatabase((db) =>
      db
        .update(liveRooms)
        .set({ status: 'ended' })
        .where(and(eq(liveRooms.id, roomId))),
    );
  }
});

test('an open room shows the anchor’s new title and announcement, and greets viewers who come in', async ({
  browser,
  page,
}) => {
  // Two fresh accounts, a push that waits for the socket and a newcomer's page load: on CI's busy
  // machine that is more than the default 30 s.
  test.setTimeout(120_000);
  const { page: anchor, user } = await freshUserPage(browser, '改公告的主播', { isAnchor: true });
  const roomId = await withDatabase(async (db) => {
    const [room] = await db.insert(liveRooms).values({ anchorId: user.id, title: '旧标题' }).returning();
    return room!.id;
  });
  await page.goto(`/live?id=${roomId}`);
  await expect(page.getByTestId('room-title')).toHaveText('旧标题');
  await expect(page.getByTestId('placard')).toHaveText('主播还没有发布公告');

  // Sent again until the page's socket has joined the room and the push arrives.
  await expect
    .poll(
      async () => {
        await anchor.request.post('/api/Live/setLiveList', {
          data: { title: '德比之夜', placard: '今晚 20:00 开播，不见不散' },
        });
        return page.getByTestId('placard').textContent();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe('今晚 20:00 开播，不见不散');
  await expect(page.getByTestId('room-title')).toHaveText('德比之夜');
  expect(page.url()).toMatch(new RegExp(`/live\\?id=${roomId}$`));

  // The page is in the room's channel now: a signed-in viewer who comes in is greeted on it.
  const { page: newcomer } = await freshUserPage(browser, '刚进场的球迷');
  await newcomer.goto(`/live?id=${roomId}`);
  await expect(page.getByTestId('entry-banner')).toHaveText('欢迎 刚进场的球迷 进入直播间', {
    timeout: 30_000,
  });
  await newcomer.context().close();
  await anchor.context().close();
});
