// Anchors' earnings in a browser: a top-up raises the wallet tab; a gift raises the anchor's yellow
// diamonds; the anchor binds a card, applies for a withdrawal with the payment PIN, an operator rejects
// it and the diamonds come back; conversion only through its confirmation dialog; the backpack tab.
import { sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { grantBackpack } from '@/lib/gifts/service';
import { ensureRoom } from '@/lib/live/service';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { freshUserPage } from './accounts';
import { payAtSandbox } from './checkout';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const SHOTS = 'test-results/earnings';
// Several pages and a checkout per test on a shared, busy machine.
test.describe.configure({ timeout: 240_000 });

test('a top-up through the sandbox checkout raises the wallet tab', async ({ browser }) => {
  const { page } = await freshUserPage(browser, '钱包充值');
  await page.goto('/member?type=2');
  await expect(page.getByTestId('wallet-star')).toHaveText('0');
  await page.getByTestId('package-CNY-680').click();
  await page.getByRole('radio', { name: '沙盒支付（测试）' }).check();
  await page.getByTestId('recharge-pay').click();
  await payAtSandbox(page);
  await page.getByRole('link', { name: '返回我的钱包' }).click();
  await expect(page.getByTestId('wallet-star')).toHaveText('700');
  await page.screenshot({ path: `${SHOTS}/wallet.png`, fullPage: true });
  await page.goto('/member?type=5');
  await expect(page.getByTestId('member-level')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/level.png`, fullPage: true });
  await page.close();
});

test('a gift raises the anchor’s earnings; a rejected withdrawal returns them; conversion asks first', async ({
  browser,
  asOperator,
}) => {
  const passwordHash = await hashPassword('135790');
  const anchor = await freshUserPage(browser, '提现主播', {
    isAnchor: true,
    paymentPasswordHash: passwordHash,
  });
  const sender = await freshUserPage(browser, '送礼观众');
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '提现测试直播间' }));
  const football = await withDatabase(async (db) => {
    await runOperation(db, {
      key: `e2e:earn-fund:${sender.user.id}`,
      kind: 'reward',
      userId: sender.user.id,
      payload: {},
      now: await serverNow(),
      prepare: async () => ({ legs: [mintLeg(sender.user.id, 'star', 2000)], result: {} }),
    });
    const { rows } = await db.execute<{ id: number }>(sql`select id from gifts where code = 'football'`);
    return rows[0]!.id;
  });

  await anchor.page.goto('/member?type=2');
  await expect(anchor.page.getByTestId('wallet-yellow')).toHaveText('0');
  // 66 footballs (10 star diamonds each) earn the anchor half of 660 in yellow diamonds.
  const sent = await sender.page.request.get(
    `/api/member/handselGift?room_id=${room.id}&gift_id=${football}&num=66&key=e2e-earn-${sender.user.id}`,
  );
  expect((await sent.json()).code).toBe(0);
  await anchor.page.reload();
  await expect(anchor.page.getByTestId('wallet-yellow')).toHaveText('330');

  await anchor.page.goto('/member?type=21');
  await expect(anchor.page.getByTestId('earnings-available')).toHaveText('330');
  await expect(anchor.page.getByText('还没有提现记录')).toBeVisible();
  await anchor.page.screenshot({ path: `${SHOTS}/withdrawals-empty.png`, fullPage: true });

  // An invalid card number is refused with the translated message.
  const cardForm = anchor.page.getByTestId('bank-card-form');
  await cardForm.getByLabel('开户银行').fill('招商银行');
  await cardForm.getByLabel('银行卡号').fill('6222020200112233445');
  await cardForm.getByLabel('真实姓名').fill('王小明');
  await cardForm.getByRole('button', { name: '绑定' }).click();
  await expect(cardForm.getByRole('alert')).toHaveText('银行卡号无效，请核对后重新输入');
  await cardForm.getByLabel('银行卡号').fill('6222 0202 0011 2233 446');
  await cardForm.getByRole('button', { name: '绑定' }).click();
  await expect(anchor.page.getByTestId('bank-card')).toContainText('6222 **** **** 3446');

  // Below the minimum, then a wrong PIN, then the real application.
  const form = anchor.page.getByTestId('withdraw-form');
  await form.getByLabel('提现黄钻').fill('50');
  await form.getByLabel('支付密码').fill('135790');
  await form.getByRole('button', { name: '申请提现' }).click();
  await expect(form.getByRole('alert')).toHaveText('单笔提现不能少于 100 黄钻');
  await form.getByLabel('提现黄钻').fill('300');
  await form.getByLabel('支付密码').fill('000000');
  await form.getByRole('button', { name: '申请提现' }).click();
  await expect(form.getByRole('alert')).toHaveText('支付密码不正确，还可以再试 4 次');
  await form.getByLabel('支付密码').fill('135790');
  await form.getByRole('button', { name: '申请提现' }).click();
  await expect(anchor.page.getByTestId('earnings-available')).toHaveText('30');
  await expect(anchor.page.getByTestId('earnings-held')).toHaveText('300');
  await expect(anchor.page.getByTestId('withdrawal-history')).toContainText('审核中');
  await anchor.page.screenshot({ path: `${SHOTS}/withdrawals.png`, fullPage: true });

  // The operator rejects it: the diamonds return.
  // In the review queue (lib/review), with the full destination for finance.
  const pending = await asOperator.request.get('/api/admin/review/withdrawal/list?size=100&dir=desc');
  const mine = (await pending.json()).data.list.find(
    (row: { user_id: number }) => row.user_id === anchor.user.id,
  );
  expect(mine.fields.destination).toContain('6222020200112233446');
  const decided = await asOperator.request.post('/api/admin/review/withdrawal/decide', {
    data: { ids: [mine.id], approve: false, reason_code: 'account_mismatch' },
  });
  expect((await decided.json()).data.results[0]).toMatchObject({ ok: true, after: { status: 'rejected' } });
  await anchor.page.reload();
  await expect(anchor.page.getByTestId('earnings-available')).toHaveText('330');
  await expect(anchor.page.getByTestId('withdrawal-history')).toContainText('已驳回（已退回）');

  // Conversion: nothing moves until the dialog naming both consequences is confirmed.
  await anchor.page.getByLabel('兑换黄钻').fill('30');
  await anchor.page.getByRole('button', { name: '兑换', exact: true }).click();
  const dialog = anchor.page.getByTestId('convert-dialog');
  await expect(dialog).toContainText('兑换不可撤销');
  await expect(dialog).toContainText('兑换得到的星钻不能提现');
  await anchor.page.screenshot({ path: `${SHOTS}/convert-dialog.png` });
  await dialog.getByRole('button', { name: '取消' }).first().click();
  await expect(anchor.page.getByTestId('earnings-available')).toHaveText('330');
  await anchor.page.getByRole('button', { name: '兑换', exact: true }).click();
  await dialog.getByRole('button', { name: '我已了解，确认兑换' }).click();
  await expect(anchor.page.getByTestId('earnings-available')).toHaveText('300');
  await anchor.page.goto('/member?type=2');
  await expect(anchor.page.getByTestId('wallet-star')).toHaveText('30');
  await anchor.page.close();
  await sender.page.close();
});

test('the backpack tab lists the gifts held', async ({ browser }) => {
  const { page, user } = await freshUserPage(browser, '背包用户');
  await page.goto('/member?type=20');
  await expect(page.getByText('背包是空的')).toBeVisible();
  await withDatabase(async (db) => {
    const { rows } = await db.execute<{ id: number }>(sql`select id from gifts where code = 'rose'`);
    await grantBackpack(db, user.id, rows[0]!.id, 12);
  });
  await page.reload();
  await expect(page.getByTestId('backpack-list')).toContainText('玫瑰');
  await expect(page.getByTestId('backpack-list')).toContainText('× 12');
  await page.screenshot({ path: `${SHOTS}/backpack.png`, fullPage: true });
  await page.close();
});
