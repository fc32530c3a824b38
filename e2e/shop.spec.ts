// The exchange shop and the invite centre in a browser: coins buy a gift that lands in the backpack
// and a chat badge colour worn at once, a physical item with a saved address waits for shipping; a
// friend registers through an invite link and the inviter's centre counts them; a guest is asked to
// log in.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { hashPassword } from '@/lib/accounts/password';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { E2E_TIME_ZONE } from '../playwright.config';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { whenHydrated } from './login';

const SHOTS = 'test-results/shop';
test.describe.configure({ timeout: 180_000 });

async function grantCoins(userId: number, amount: number) {
  const now = await serverNow();
  await withDatabase((db) =>
    runOperation(db, {
      key: `e2e:coins:${userId}`,
      kind: 'reward',
      userId,
      payload: { amount },
      now,
      prepare: async () => ({ legs: [mintLeg(userId, 'coin', amount)], result: {} }),
    }),
  );
}

test('exchange a gift with coins and find it in the backpack; a physical item waits for shipping', async ({
  browser,
}) => {
  const { page, user } = await freshUserPage(browser, `兑换球迷${randomInt(1e6)}`);
  await grantCoins(user.id, 5000);
  await page.goto('/member?type=19');
  await expect(page.getByTestId('coin-balance')).toHaveText('5,000');
  await expect(page.getByText('近三个月没有兑换记录')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shop.png`, fullPage: true });

  const roses = page.getByTestId('goods-gift_rose_10');
  await expect(roses.getByText('玫瑰 ×10')).toBeVisible();
  await roses.getByRole('button', { name: '立即兑换' }).click();
  const dialog = page.getByTestId('exchange-dialog');
  await expect(dialog.getByText('共需 50 金币，兑换后剩余 4,950 金币')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/exchange-dialog.png` });
  await dialog.getByTestId('exchange-next').click();
  const sheet = page.getByTestId('spend-confirm');
  await expect(sheet.getByTestId('spend-price')).toHaveText('50 金币');
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('4,950 金币');
  await expect(sheet.getByTestId('spend-terms')).toHaveText('兑换后立即到账，不能取消');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(page.getByTestId('coin-balance')).toHaveText('4,950');
  await expect(page.getByTestId('exchange-records').getByText('玫瑰 ×10 × 1')).toBeVisible();

  // A chat badge colour is delivered at once and worn.
  await page.getByTestId('goods-badge_gold').getByRole('button', { name: '立即兑换' }).click();
  await dialog.getByTestId('exchange-next').click();
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(page.getByTestId('coin-balance')).toHaveText('4,350');
  await expect(page.getByTestId('badge-color-gold').getByText('佩戴中')).toBeVisible();

  await page.goto('/member?type=20');
  await expect(page.getByTestId('backpack-list').getByText('玫瑰')).toBeVisible();
  await expect(page.getByTestId('backpack-list').getByText('× 10')).toBeVisible();

  // A physical item needs an address: add one, then exchange the scarf.
  await page.goto('/member?type=19');
  const form = page.getByTestId('address-form');
  await form.getByRole('button', { name: '保存地址' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('收货人').fill('王小明');
  await form.getByLabel('手机号').fill('13800001234');
  await form.getByLabel('所在地区').fill('广东省 深圳市 南山区');
  await form.getByLabel('详细地址').fill('科技园南区 1 号');
  await form.getByRole('button', { name: '保存地址' }).click();
  await expect(page.getByTestId('address-list').getByText('王小明 13800001234')).toBeVisible();
  await page.getByTestId('goods-team_scarf').getByRole('button', { name: '立即兑换' }).click();
  await expect(dialog.getByText('广东省 深圳市 南山区 科技园南区 1 号')).toBeVisible();
  await dialog.getByTestId('exchange-next').click();
  await expect(sheet.getByTestId('spend-terms')).toContainText('签收前可联系客服取消');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(page.getByTestId('coin-balance')).toHaveText('1,350');
  await expect(page.getByTestId('exchange-records').getByText('待发货')).toBeVisible();
  await expect(page.getByTestId('goods-team_scarf').getByRole('button', { name: '已达上限' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/shop-after.png`, fullPage: true });

  // The avatar card's shortcut leads here.
  await page.goto('/main');
  await page.getByTestId('user-menu').hover();
  await page.getByRole('link', { name: '兑换商城' }).click();
  await expect(page).toHaveURL(/\/member\?type=19$/);
  await page.context().close();
});

test('a person with a payment PIN types it in the spend sheet; a wrong one is refused there and moves nothing', async ({
  browser,
}) => {
  const { page, user } = await freshUserPage(browser, `密码球迷${randomInt(1e6)}`, {
    paymentPasswordHash: await hashPassword('246810'),
  });
  await grantCoins(user.id, 500);
  await page.goto('/member?type=19');
  // A click before hydration opens nothing (seen on CI's busy machine: the dialog never came).
  const exchange = page.getByTestId('goods-gift_rose_10').getByRole('button', { name: '立即兑换' });
  await whenHydrated(exchange);
  await exchange.click();
  await page.getByTestId('exchange-dialog').getByTestId('exchange-next').click();
  const sheet = page.getByTestId('spend-confirm');
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('450 金币');
  await expect(sheet.getByTestId('spend-confirm-submit')).toBeDisabled();
  await sheet.getByTestId('spend-password').fill('111111');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(sheet.getByRole('alert')).toHaveText('支付密码不正确，还可以再试 4 次');
  await expect(page.getByTestId('coin-balance')).toHaveText('500');
  await sheet.getByTestId('spend-password').fill('246810');
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByTestId('coin-balance')).toHaveText('450');
  await page.context().close();
});

/** The newest code sent to `mobile`, read from the built-in SMS outbox through the operator API. */
async function smsCodeFor(operator: Page, mobile: string) {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const reply = await operator.request.get('/api/admin/sms/outbox?limit=20');
        const { data } = (await reply.json()) as { data: { recipient: string; body: string }[] };
        code = data.find((message) => message.recipient === `+86 ${mobile}`)?.body.match(/\d{6}/)?.[0];
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

test('a friend registers through the invite link and the inviter’s centre counts them', async ({
  browser,
  page,
  asOperator,
}) => {
  const code = `E2E${randomInt(10_000, 99_999)}`;
  const inviter = await freshUserPage(browser, `邀请人${randomInt(1e6)}`, { inviteCode: code });
  await inviter.page.goto('/member?type=23');
  await expect(inviter.page.getByTestId('invite-code')).toHaveText(code);
  await expect(inviter.page.getByTestId('invite-link')).toHaveText(new RegExp(`/register\\?code=${code}$`));
  await expect(inviter.page.getByRole('img', { name: '邀请注册二维码' })).toBeVisible();
  await expect(inviter.page.getByText('还没有好友通过你的邀请注册')).toBeVisible();
  await expect(inviter.page.getByTestId('invite-invited')).toHaveText('0');

  const mobile = `137${String(randomInt(100_000_000)).padStart(8, '0')}`;
  await page.goto(`/register?code=${code}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('注册账号')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('textbox', { name: '邀请码' })).toHaveValue(code);
  await dialog.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByRole('textbox', { name: '短信验证码' }).fill(await smsCodeFor(asOperator, mobile));
  await dialog.getByRole('textbox', { name: '密码' }).fill('invited-pass');
  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('操作成功')).toBeVisible({ timeout: 15_000 });

  await inviter.page.reload();
  await expect(inviter.page.getByTestId('invite-invited')).toHaveText('1');
  const list = inviter.page.getByTestId('invitee-list');
  await expect(list.getByText(`球迷${mobile.slice(-4)}`)).toBeVisible();
  await expect(list.getByText('待达成')).toBeVisible();
  await expect(inviter.page.getByTestId('invite-earned')).toHaveText('0');
  await inviter.page.screenshot({ path: `${SHOTS}/invite-centre.png`, fullPage: true });
  await inviter.page.context().close();
});

test('a guest who opens the shop or the invite centre is asked to log in, with the login dialog', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: E2E_TIME_ZONE });
  const page = await context.newPage();
  for (const type of [19, 23]) {
    await page.goto(`/member?type=${type}`);
    await expect(page.getByText('请登录后重试').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  await context.close();
});
