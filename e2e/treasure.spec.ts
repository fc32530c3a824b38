// Red envelopes, nobility and the global horn in browsers: a red envelope grabbed from a second
// context, nobility bought with the payment password and its badge in room chat, a horn message
// arriving on another open page, and a viewer's balances in the room after every money action
// (gift, horn, red envelope sent and grabbed, nobility paid in star diamonds, fan club), no reload.
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { ensureRoom } from '@/lib/live/service';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { untilInRoom } from './room-socket';

// Three browser contexts each on a busy shared machine.
test.describe.configure({ timeout: 120_000 });

const fund = (userId: number, currency: 'star' | 'yellow', amount: number) =>
  withDatabase(async (db) =>
    runOperation(db, {
      key: `e2e:treasure:${userId}:${currency}`,
      kind: 'reward',
      userId,
      payload: {},
      now: await serverNow(),
      prepare: async () => ({ legs: [mintLeg(userId, currency, amount)], result: {} }),
    }),
  );

test('a red envelope sent in a room is grabbed from a second browser', async ({ browser }) => {
  const anchor = await freshUserPage(browser, '红包主播', { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '红包测试直播间' }));
  const sender = await freshUserPage(browser, '发红包的球迷');
  const grabber = await freshUserPage(browser, '抢红包的球迷');
  await fund(sender.user.id, 'star', 500);

  await grabber.page.goto(`/live?id=${room.id}`);
  await sender.page.goto(`/live?id=${room.id}`);
  await expect(grabber.page.getByTestId('red-envelope-icon')).toHaveCount(0);
  await sender.page.getByTestId('red-envelope-send-open').click();
  await expect(sender.page.getByRole('heading', { name: '发红包' })).toBeVisible();
  await sender.page.getByTestId('red-envelope-amount-input').fill('100');
  await sender.page.getByTestId('red-envelope-shares-input').fill('5');
  await sender.page.getByTestId('red-envelope-submit').click();
  const sheet = sender.page.getByTestId('spend-confirm');
  await expect(sheet.getByTestId('spend-terms')).toHaveText('10 分钟内没被抢完的星钻会退回你的账户');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(sender.page.getByTestId('red-envelope-dialog')).toHaveCount(0, { timeout: 20_000 });
  await sender.page.screenshot({ path: 'test-results/treasure-room.png' });

  // The other viewer sees the icon (pushed), grabs it and sees the result.
  await grabber.page.getByTestId('red-envelope-icon').click({ timeout: 20_000 });
  const result = grabber.page.getByTestId('red-envelope-result');
  await expect(result).toContainText('发红包的球迷 的红包');
  await expect(grabber.page.getByTestId('red-envelope-amount')).toHaveText(/^\d+ 星钻$/);
  await expect(result).toContainText('已领取 1/5 个');
  await expect(result).toContainText('抢红包的球迷');
  await grabber.page.screenshot({ path: 'test-results/treasure-red-result.png' });
  await result.getByRole('button', { name: '关闭' }).first().click();

  // Grabbing again says so, and nothing moves.
  await grabber.page.getByTestId('red-envelope-icon').click();
  await expect(grabber.page.getByTestId('red-envelope-error')).toHaveText('你已经抢过这个红包了');
  for (const { page } of [anchor, sender, grabber]) await page.close();
});

test('nobility bought with the payment PIN shows its badge in room chat', async ({ browser }) => {
  const anchor = await freshUserPage(browser, '贵族主播', { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '贵族测试直播间' }));
  const noble = await freshUserPage(browser, '新晋骑士');
  await withDatabase(async (db) =>
    db
      .update(users)
      .set({ paymentPasswordHash: await hashPassword('246810') })
      .where(eq(users.id, noble.user.id)),
  );
  await fund(noble.user.id, 'yellow', 1_000);

  await noble.page.goto('/member?type=8');
  await expect(noble.page.getByTestId('nobility-status')).toContainText('你还不是贵族');
  await expect(noble.page.getByTestId('nobility-tier-1')).toContainText('300');
  await expect(noble.page.getByText('还没有开通记录，开通后会显示在这里')).toBeVisible();
  await noble.page.screenshot({ path: 'test-results/treasure-nobility-tab.png', fullPage: true });
  await noble.page.getByTestId('nobility-open').click();
  await expect(noble.page.getByTestId('nobility-price')).toHaveText('300 黄钻');
  await noble.page.getByTestId('nobility-submit').click();
  const sheet = noble.page.getByTestId('spend-confirm');
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('700 黄钻');
  await expect(sheet.getByTestId('spend-terms')).toContainText('有效期 1 个月，到期不会自动续费');
  await sheet.getByTestId('spend-password').fill('111111');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(sheet.getByRole('alert')).toHaveText('支付密码不正确，还可以再试 4 次');
  await noble.page.screenshot({ path: 'test-results/treasure-nobility-dialog.png' });
  await sheet.getByTestId('spend-password').fill('246810');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(noble.page.getByTestId('nobility-status')).toContainText('骑士', { timeout: 15_000 });
  await expect(noble.page.getByTestId('nobility-yellow')).toHaveText('700');
  await expect(noble.page.getByTestId('nobility-history')).toContainText('开通');

  const watcher = await freshUserPage(browser, '围观群众');
  await watcher.page.goto(`/live?id=${room.id}`);
  // Until the watcher's socket is in the room: the anchor's greeting, sent until it arrives.
  await untilInRoom({ sender: anchor.page, reader: watcher.page, roomId: room.id, text: '欢迎各位' });
  await noble.page.goto(`/live?id=${room.id}`);
  // The noble's entry effect for the room, and a seat at the top of the online list.
  await expect(watcher.page.getByTestId('entry-banner-noble')).toContainText('新晋骑士', {
    timeout: 30_000,
  });
  await expect(watcher.page.getByTestId('chat-list')).toContainText('骑士 新晋骑士 驾到');
  await watcher.page.screenshot({ path: 'test-results/treasure-noble-entry.png' });
  await noble.page.getByTestId('chat-input').fill('骑士报到');
  await noble.page.getByRole('button', { name: '发送', exact: true }).click();
  const line = watcher.page.getByTestId('chat-line').filter({ hasText: '骑士报到' });
  await expect(line.getByTestId('noble-badge')).toHaveText('骑士');
  await expect(watcher.page.getByTestId('online-viewer').first()).toContainText('新晋骑士', {
    timeout: 45_000,
  });
  await watcher.page.screenshot({ path: 'test-results/treasure-chat-badge.png' });
  for (const { page } of [anchor, noble, watcher]) await page.close();
});

test('a horn message appears on another open page', async ({ browser }) => {
  const sender = await freshUserPage(browser, '喇叭球迷');
  const reader = await freshUserPage(browser, '看新闻的人');
  await fund(sender.user.id, 'star', 500);
  const anchor = await freshUserPage(browser, '喇叭主播', { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '喇叭测试直播间' }));

  await reader.page.goto('/news');
  await sender.page.goto(`/live?id=${room.id}`);
  await sender.page.getByTestId('horn-open').click();
  await expect(sender.page.getByTestId('horn-dialog')).toContainText('每条 100 星钻');
  await sender.page.getByTestId('horn-input').fill('决赛今晚八点，一起看球！');
  await sender.page.screenshot({ path: 'test-results/treasure-horn-dialog.png' });
  await sender.page.getByTestId('horn-submit').click();
  await sender.page.getByTestId('spend-confirm').getByTestId('spend-confirm-submit').click();
  await expect(sender.page.getByTestId('horn-done')).toHaveText('已发送，所有页面都能看到');
  await expect(reader.page.getByTestId('horn-banner')).toContainText('决赛今晚八点，一起看球！');
  await expect(reader.page.getByTestId('horn-banner')).toContainText('喇叭球迷');
  await reader.page.screenshot({ path: 'test-results/treasure-horn-banner.png' });
  for (const { page } of [sender, reader, anchor]) await page.close();
});

test('a viewer pays nobility in star diamonds in the room; every balance follows each money action', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const anchor = await freshUserPage(browser, '余额主播', { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '余额测试直播间' }));
  const setClub = await anchor.page.request.post('/api/Fansclub/setting', {
    data: { name: '余额团', price: 50 },
  });
  expect((await setClub.json()).code).toBe(0);
  // No payment PIN yet: the nobility sheet sets one without leaving the room.
  const viewer = await freshUserPage(browser, '只有星钻的观众');
  await fund(viewer.user.id, 'star', 1_185);
  const grabber = await freshUserPage(browser, '抢到两颗的观众');

  const page = viewer.page;
  await grabber.page.goto(`/live?id=${room.id}`);
  await page.goto(`/live?id=${room.id}`);
  // Every figure on the page, the gift bar's and the top bar's avatar card's, at once.
  const shows = async (star: string) => {
    await expect(page.getByTestId('gift-balance')).toHaveText(`星钻 ${star}`);
    await expect(page.getByTestId('balance')).toHaveText(star);
  };
  await shows('1,185');

  // A gift: 10 roses.
  await page.getByTestId('gift-rose').click();
  await page.getByRole('button', { name: '×10' }).click();
  await page.getByTestId('gift-send').click();
  await shows('1,175');
  // At or above the operator's threshold (1,000 by default) a gift asks first; 5,200 is more than they have.
  await page.getByTestId('gift-golden_boot').click();
  await page.getByTestId('gift-send').click();
  const sheet = page.getByTestId('spend-confirm');
  await expect(sheet.getByTestId('spend-price')).toHaveText('5,200 星钻');
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('还差 4,025 星钻');
  await expect(sheet.getByTestId('spend-recharge')).toBeVisible();
  await expect(sheet.getByTestId('spend-confirm-submit')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await shows('1,175');

  // A horn message (100).
  await page.getByTestId('horn-open').click();
  await page.getByTestId('horn-input').fill('余额跟着走');
  await page.getByTestId('horn-submit').click();
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('1,075 星钻');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(page.getByTestId('horn-done')).toHaveText('已发送，所有页面都能看到');
  await page.getByTestId('horn-dialog').getByRole('button', { name: '关闭' }).click();
  await shows('1,075');

  // A red envelope of 100 in 5 shares; the other viewer grabs one and sees their balance rise.
  await page.getByTestId('red-envelope-send-open').click();
  await page.getByTestId('red-envelope-amount-input').fill('100');
  await page.getByTestId('red-envelope-shares-input').fill('5');
  await page.getByTestId('red-envelope-submit').click();
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('975 星钻');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(page.getByTestId('red-envelope-dialog')).toHaveCount(0, { timeout: 20_000 });
  await shows('975');
  await expect(grabber.page.getByTestId('gift-balance')).toHaveText('星钻 0');
  await grabber.page.getByTestId('red-envelope-icon').click({ timeout: 20_000 });
  const got = (await grabber.page.getByTestId('red-envelope-amount').textContent())!.match(
    /^(\d+) 星钻$/,
  )![1]!;
  await expect(grabber.page.getByTestId('gift-balance')).toHaveText(`星钻 ${got}`);
  await expect(grabber.page.getByTestId('balance')).toHaveText(got);

  // Nobility: priced in yellow diamonds, which this viewer has none of; paid in star diamonds.
  await page.getByTestId('nobility-open').click();
  const dialog = page.getByTestId('nobility-dialog');
  await expect(dialog.getByTestId('nobility-price')).toHaveText('300 黄钻');
  await expect(dialog.getByTestId('nobility-pay-star')).toContainText('余额 975');
  await expect(dialog.getByTestId('nobility-pay-yellow')).toContainText('余额 0');
  await expect(dialog.getByTestId('nobility-charge')).toHaveText('需支付 300 星钻');
  // Too dear: the duke's 30,000 is refused with the translated message, and nothing moves.
  await dialog.getByText('公爵').click();
  await expect(dialog.getByTestId('nobility-charge')).toHaveText('需支付 30,000 星钻');
  await expect(dialog.getByTestId('nobility-error')).toHaveText('星钻不足，请先充值');
  await dialog.getByTestId('nobility-submit').click();
  await expect(sheet.getByTestId('spend-short')).toBeVisible();
  await expect(sheet.getByTestId('spend-recharge')).toBeVisible();
  await page.screenshot({ path: 'test-results/treasure-nobility-short.png' });
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await shows('975');
  await dialog.getByText('骑士').click();
  await expect(dialog.getByTestId('nobility-charge')).toHaveText('需支付 300 星钻');
  await page.screenshot({ path: 'test-results/treasure-nobility-star.png' });
  await dialog.getByTestId('nobility-submit').click();
  // No PIN yet: set in the sheet, which then pays with it; the person never leaves the room.
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('675 星钻');
  await sheet.getByTestId('spend-password-new').fill('246810');
  await sheet.getByTestId('spend-password-again').fill('246810');
  await page.screenshot({ path: 'test-results/treasure-nobility-pin-sheet.png' });
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(dialog).toHaveCount(0, { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/live');
  await shows('675');
  await expect(page.getByTestId('nobility-open')).toHaveText('续费 / 升级');

  // The fan club (50).
  await page.getByTestId('fan-club-open').click();
  const club = page.getByTestId('fan-club-dialog');
  await expect(club).toContainText('入团 50 星钻');
  await club.getByTestId('fan-club-join').click();
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('625 星钻');
  // The PIN set in the nobility sheet is asked for from now on.
  await sheet.getByTestId('spend-password').fill('246810');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(club.getByTestId('fan-club-members')).toHaveText('1 名成员');
  await shows('625');
  await page.screenshot({ path: 'test-results/treasure-balances-room.png' });

  // The wallet agrees with the room.
  await page.goto('/member?type=2');
  await expect(page.getByTestId('wallet-star')).toHaveText('625');
  await expect(page.getByTestId('wallet-yellow')).toHaveText('0');
  for (const { page: open } of [anchor, viewer, grabber]) await open.close();
});
