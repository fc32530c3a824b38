// The fan club in browsers: the anchor names the club and sets a price in the anchor centre, a
// viewer joins it from the live room's 粉丝团 dialog (paid in star diamonds), sees their level and
// the ranking, then wears the badge on their chat line; the user center lists the club.
import { eq } from 'drizzle-orm';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { untilInRoom } from './room-socket';

test.describe.configure({ timeout: 120_000 });

test('a viewer joins the fan club in a live room and wears its badge in chat', async ({ browser }) => {
  const anchor = await freshUserPage(browser, '粉丝团主播', { isAnchor: true });
  const room = await withDatabase(async (db) => {
    const made = await ensureRoom(db, anchor.user.id, { title: '粉丝团测试直播间' });
    await db
      .update(liveRooms)
      .set({ status: 'live', liveSince: await serverNow() })
      .where(eq(liveRooms.id, made.id));
    return made;
  });

  // The anchor centre: name the club and set the price.
  await anchor.page.goto('/member?type=9');
  await anchor.page.getByTestId('fan-club-name').fill('开球迷');
  await anchor.page.getByTestId('fan-club-price').fill('20');
  await anchor.page.getByTestId('fan-club-save').click();
  await expect(anchor.page.getByText('粉丝团设置已保存')).toBeVisible();
  // The saved settings come back and the form is mounted anew with them (its key), so the scroll for the
  // picture may meet an element just replaced: Playwright's scroll does not retry on that by itself.
  await expect(() => anchor.page.getByTestId('fan-club-name').scrollIntoViewIfNeeded()).toPass({
    timeout: 10_000,
  });
  await anchor.page.screenshot({ path: 'test-results/fan-club-settings.png' });

  const fan = await freshUserPage(browser, '铁杆球迷');
  await withDatabase(async (db) =>
    runOperation(db, {
      key: `e2e:fanclub:${fan.user.id}`,
      kind: 'reward',
      userId: fan.user.id,
      payload: {},
      now: await serverNow(),
      prepare: async () => ({ legs: [mintLeg(fan.user.id, 'star', 100)], result: {} }),
    }),
  );
  await fan.page.goto(`/live?id=${room.id}`);
  await fan.page.getByTestId('fan-club-open').click();
  const dialog = fan.page.getByTestId('fan-club-dialog');
  await expect(dialog).toContainText('粉丝团主播的粉丝团');
  await expect(dialog).toContainText('入团 20 星钻');
  await expect(dialog).toContainText('还没有成员');
  await dialog.getByTestId('fan-club-join').click();
  const sheet = fan.page.getByTestId('spend-confirm');
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('80 星钻');
  await expect(sheet.getByTestId('spend-terms')).toContainText('退出粉丝团不退款');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(sheet).toHaveCount(0);
  await expect(dialog.getByTestId('fan-club-mine')).toContainText('距 Lv2 还差 100');
  await expect(dialog.getByTestId('fan-club-ranking')).toContainText('铁杆球迷');
  await expect(dialog.getByTestId('fan-club-members')).toHaveText('1 名成员');
  await fan.page.screenshot({ path: 'test-results/fan-club-dialog.png' });
  expect((await withDatabase((db) => balancesOf(db, fan.user.id))).star).toBe(80);
  await expect(fan.page.getByTestId('fan-club-open')).toContainText('Lv1');
  await fan.page.keyboard.press('Escape');

  // Until the fan's socket is in the room: their line, sent until it arrives.
  await untilInRoom({ sender: fan.page, reader: fan.page, roomId: room.id, text: '粉丝团报到' });
  const line = fan.page.getByTestId('chat-line').filter({ hasText: '粉丝团报到' }).first();
  await expect(line.getByTestId('fan-badge')).toHaveText('1开球迷');
  await expect(line.getByTestId('fan-badge')).toHaveAttribute('data-level', '1');
  // The virtual chat list may replace the row's element while it measures it: the scroll is retried.
  await expect(() => line.scrollIntoViewIfNeeded()).toPass({ timeout: 10_000 });
  await fan.page.screenshot({ path: 'test-results/fan-club-chat.png' });

  await fan.page.goto('/member?type=22');
  await expect(fan.page.getByTestId('my-fan-clubs')).toContainText('粉丝团主播');
  await expect(fan.page.getByTestId('my-fan-clubs')).toContainText('开球迷');
  await fan.page.screenshot({ path: 'test-results/fan-club-member-tab.png', fullPage: true });
});
