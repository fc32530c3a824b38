// The money loop in a browser: recharge through the sandbox checkout (from the wallet, and from a live
// room's dialog without leaving it), then a gift in a live room that another viewer sees (ticker line,
// full-width effect) and that raises the anchor's earnings.
import { ensureRoom } from '@/lib/live/service';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { freshUserPage } from './accounts';
import { payAtSandbox } from './checkout';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

test('recharge through the sandbox checkout credits the wallet once', async ({ browser }) => {
  const { page } = await freshUserPage(browser, '充值测试');
  await page.goto('/member?type=2');
  await expect(page.getByTestId('wallet-star')).toHaveText('0');
  await expect(page.getByText('近三个月没有记录')).toBeVisible();
  await page.getByTestId('package-CNY-680').click();
  await page.getByRole('radio', { name: '沙盒支付（测试）' }).check();
  await page.getByTestId('recharge-pay').click();

  await expect(page).toHaveURL(/\/pay\/sandbox\?order=R\d{8}/);
  await expect(page.getByRole('heading', { name: '沙盒收银台' })).toBeVisible();
  await expect(page.getByTestId('checkout-status')).toHaveText('待支付');
  await expect(page.getByText('700 星钻', { exact: true })).toBeVisible();
  await payAtSandbox(page);
  await expect(page.getByTestId('checkout-result')).toHaveText('支付成功，700 星钻已到账');

  await page.getByRole('link', { name: '返回我的钱包' }).click();
  await expect(page.getByTestId('wallet-star')).toHaveText('700');
  await expect(page.getByTestId('wallet-statement')).toContainText('充值到账');
  await expect(page.getByTestId('wallet-statement')).toContainText('+700 星钻');
  await page.close();
});

test('recharge from a live room: the dialog, the sandbox checkout in its own window, the new balance in the room', async ({
  browser,
}) => {
  test.slow();
  const anchor = await freshUserPage(browser, '充值主播', { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '充值测试直播间' }));
  const { page } = await freshUserPage(browser, '房间里充值');
  await page.goto(`/live?id=${room.id}`);
  await expect(page.getByTestId('gift-balance')).toHaveText('星钻 0');
  await expect(page.getByTestId('balance')).toHaveText('0');

  await page.getByTestId('recharge-open').click();
  const dialog = page.getByTestId('recharge-dialog');
  await expect(dialog.getByRole('heading', { name: '充值星钻' })).toBeVisible();
  await dialog.getByTestId('package-CNY-680').click();
  await dialog.getByRole('radio', { name: '沙盒支付（测试）' }).check();
  await page.screenshot({ path: 'test-results/wallet-room-recharge-dialog.png' });
  const opened = page.waitForEvent('popup');
  await dialog.getByTestId('recharge-pay').click();
  const checkout = await opened;
  await expect(dialog.getByTestId('recharge-waiting')).toHaveText(
    '请在新打开的支付窗口完成支付，到账后这里会自动更新。',
  );
  await page.screenshot({ path: 'test-results/wallet-room-recharge-waiting.png' });

  // The provider's page in its own window: the same sandbox checkout the wallet uses.
  await expect(checkout).toHaveURL(/\/pay\/sandbox\?order=R\d{8}/);
  await expect(checkout.getByTestId('checkout-status')).toHaveText('待支付');
  await payAtSandbox(checkout);
  await expect(checkout.getByTestId('checkout-result')).toHaveText('支付成功，700 星钻已到账');
  await checkout.close();

  // The room never left: the dialog, the gift bar and the top bar show the new balance.
  await expect(dialog.getByTestId('recharge-result')).toHaveText('支付成功，700 星钻已到账');
  await expect(dialog.getByTestId('recharge-balance')).toHaveText('700');
  await expect(page).toHaveURL(new RegExp(`/live\\?id=${room.id}$`));
  await expect(page.getByTestId('gift-balance')).toHaveText('星钻 700');
  await expect(page.getByTestId('balance')).toHaveText('700');
  await page.screenshot({ path: 'test-results/wallet-room-recharge-paid.png' });
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(dialog).toHaveCount(0);
  for (const p of [page, anchor.page]) await p.close();
});

test('a gift in a live room reaches the other viewer and raises the anchor’s earnings', async ({
  browser,
}) => {
  // Three users and four page loads: on a loaded 2-core machine past the 30 s default (×3 here).
  test.slow();
  const anchor = await freshUserPage(browser, '送礼主播', { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '送礼测试直播间' }));
  const sender = await freshUserPage(browser, '大方的球迷');
  const watcher = await freshUserPage(browser, '围观的球迷');
  await withDatabase(async (db) =>
    runOperation(db, {
      key: `e2e:fund:${sender.user.id}`,
      kind: 'reward',
      userId: sender.user.id,
      payload: {},
      now: await serverNow(),
      prepare: async () => ({ legs: [mintLeg(sender.user.id, 'star', 1000)], result: {} }),
    }),
  );

  await anchor.page.goto('/member?type=2');
  await expect(anchor.page.getByTestId('wallet-yellow')).toHaveText('0');

  await watcher.page.goto(`/live?id=${room.id}`);
  await sender.page.goto(`/live?id=${room.id}`);
  await expect(watcher.page.getByText('还没有人送礼，送出第一份礼物吧')).toBeVisible();
  await expect(sender.page.getByTestId('gift-balance')).toHaveText('星钻 1,000');

  // A small gift ×10, twice: the combo counter grows; the other viewer's ticker shows it.
  await sender.page.getByTestId('gift-rose').click();
  await sender.page.getByRole('button', { name: '×10' }).click();
  await sender.page.getByTestId('gift-send').click();
  await expect(sender.page.getByTestId('gift-balance')).toHaveText('星钻 990');
  await sender.page.getByTestId('gift-send').click();
  await expect(sender.page.getByTestId('gift-combo')).toHaveText('连击 ×2');
  await expect(watcher.page.getByTestId('gift-ticker')).toContainText('大方的球迷 送出 玫瑰 ×10');

  // A big gift plays the full-width effect for everyone in the room.
  await sender.page.getByTestId('gift-golden_boot').click();
  await sender.page.getByRole('button', { name: '×1', exact: true }).click();
  await sender.page.getByTestId('gift-send').click();
  await expect(watcher.page.getByTestId('gift-effect')).toBeVisible();
  await expect(watcher.page.getByTestId('gift-effect')).toContainText('大方的球迷');
  await expect(sender.page.getByTestId('gift-balance')).toHaveText('星钻 460');

  // The room's contribution board and the anchor's earnings (50 % of 540 in yellow diamonds).
  await watcher.page.getByRole('button', { name: '贡献榜' }).click();
  await expect(watcher.page.getByTestId('gift-contribution')).toContainText('大方的球迷');
  await expect(watcher.page.getByTestId('gift-contribution')).toContainText('540 星钻');
  await anchor.page.reload();
  await expect(anchor.page.getByTestId('wallet-yellow')).toHaveText('270');
  await expect(anchor.page.getByTestId('wallet-statement')).toContainText('礼物收益');

  // The anchor's own room offers no send button: anchors cannot gift themselves.
  await anchor.page.goto(`/live?id=${room.id}`);
  await expect(anchor.page.getByText('这是你自己的直播间，观众送的礼物会显示在这里')).toBeVisible();
  await expect(anchor.page.getByTestId('gift-send')).toHaveCount(0);
  for (const { page } of [anchor, sender, watcher]) await page.close();
});
