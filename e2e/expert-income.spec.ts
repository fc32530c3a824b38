// Experts are paid out like anchors (issue #40 item 5): a viewer buys a demo expert's plan, the expert sees
// the sale in the member centre's income centre (reached from their own page), the feed's result grades
// the plan and, once its dispute window is over, the portal's own release moves the share to the expert in
// yellow diamonds; the expert binds Alipay, applies to withdraw with the payment PIN, finance pays it in
// the console's review queue and the expert sees it paid. The plan is published through the service on a
// fictional match two hours ahead; grading and release run the job's services at the instants the job
// would (the result arrives two hours after kick-off, the release a day later): the e2e portal's clock
// cannot wait a day.
import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { alipayAccounts, withdrawals } from '@/lib/earnings/schema';
import { PLAN_DISPUTE_WINDOW_MS, releasePlan } from '@/lib/experts/disputes';
import { publishPlan } from '@/lib/experts/plans';
import { DEMO_EXPERTS } from '@/lib/experts/seed';
import { gradeDuePlans } from '@/lib/experts/settlement';
import { matches } from '@/lib/scores/schema';
import { fundUser } from '@/lib/testing/factories';
import { freshUserPage, signedInPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { createFictionalMatch } from './fictional-match';
import { expect as baseExpect, test } from './fixtures';
import { decideInQueue, reviewQueue } from './review-queue';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
const SHOTS = 'test-results/expert-income';
const HOUR = 3600_000;
const PIN = '135790';
/** 200 star diamonds at the default 70 % share: 140 yellow diamonds, above the 100 minimum. */
const PRICE = 200;

test('an expert sees a sale, is paid its share after the window, withdraws it and finance pays', async ({
  browser,
  asFinance,
}) => {
  const now = await serverNow();
  const title = `E2E 收入方案 ${randomInt(1_000_000)}`;
  const { expertId, planId, match } = await withDatabase(async (db) => {
    const match = await createFictionalMatch(db, {
      teamNames: ['E2E Income United', 'E2E Income Rovers'],
      colour: '#15803d',
      externalPrefix: 'e2e-income',
      kickoffAt: new Date(now.getTime() + 2 * HOUR),
    });
    const [expert] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, DEMO_EXPERTS[0].mobile));
    // The demo expert's PIN, and no payout account yet: this test binds one in the income centre.
    await db
      .update(users)
      .set({ paymentPasswordHash: await hashPassword(PIN) })
      .where(eq(users.id, expert!.id));
    await db.delete(alipayAccounts).where(eq(alipayAccounts.userId, expert!.id));
    const { plan } = await publishPlan(
      db,
      expert!.id,
      {
        matchId: match.id,
        title,
        selections: [{ market: 'football_1x2', pick: 'home' }],
        reasoning: '主队近五场主场四胜，客队客场三连败，看主胜。',
        price: PRICE,
        refundIfLost: false,
      },
      now,
    );
    return { expertId: expert!.id, planId: plan.id, match };
  });

  // A viewer buys it through the spend sheet: the price, the balance after and the plan's terms first.
  const buyer = await freshUserPage(browser, 'E2E 收入买家');
  await withDatabase((db) => fundUser(db, buyer.user.id, 'star', 500, now));
  await buyer.page.goto(`/specialist-detail?id=${planId}`);
  await buyer.page.getByTestId('plan-buy').click();
  const sheet = buyer.page.getByRole('dialog').and(buyer.page.getByTestId('spend-confirm'));
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText(`${500 - PRICE} 星钻`);
  await expect(sheet.getByTestId('spend-refund-terms')).toContainText('不中退款');
  await sheet.getByTestId('spend-confirm-submit').click();
  const reasoning = buyer.page.getByTestId('plan-reasoning');
  await expect(reasoning).toBeVisible();
  await buyer.page.close();

  // The expert reaches the income centre from their own page and sees the sale held in escrow.
  const page = await signedInPage(browser, expertId);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/specialist-info?id=${expertId}`);
  await page.getByTestId('income-entry').click();
  await expect(page).toHaveURL(/\/member\?type=25$/);
  await expect(page.getByRole('heading', { name: '方案收入', level: 1 })).toBeVisible();
  const row = page.getByTestId('income-plan').filter({ hasText: title });
  await expect(row.getByTestId('income-plan-state')).toHaveText('销售中');
  await expect(row.getByTestId('income-plan-buyers')).toHaveText('1');
  await expect(row.getByTestId('income-plan-gross')).toHaveText(`${PRICE}星钻`);
  await expect(row.getByTestId('income-plan-held')).toHaveText(`${PRICE}星钻`);
  await expect(row.getByTestId('income-plan-released')).toHaveText('0黄钻');
  const before = Number((await page.getByTestId('earnings-available').textContent())!.replace(/\D/g, ''));

  // The feed's result (home wins 2–0) arrives two hours after kick-off and the job grades the plan; a day
  // later its dispute window has closed with no dispute, and the job's release pays the expert's share.
  const gradedAt = new Date(match.kickoffAt.getTime() + 2 * HOUR);
  await withDatabase(async (db) => {
    await db
      .update(matches)
      .set({ status: 'finished', homeScore: 2, awayScore: 0 })
      .where(eq(matches.id, match.id));
    expect(await gradeDuePlans(db, gradedAt)).toContain(planId);
    const releaseAt = new Date(gradedAt.getTime() + PLAN_DISPUTE_WINDOW_MS + 60_000);
    expect(await db.transaction((tx) => releasePlan(tx, planId, releaseAt))).toBe(true);
  });
  const share = (PRICE * 70) / 100;
  await page.reload();
  await expect(row.getByTestId('income-plan-state')).toHaveText('已到账');
  await expect(row.getByTestId('income-plan-held')).toHaveText('0星钻');
  await expect(row.getByTestId('income-plan-released')).toHaveText(`${share}黄钻`);
  await expect(page.getByTestId('earnings-available')).toHaveText(String(before + share));

  // Screenshots at 1440 and 360 px (once the sales are revealed, not only in the page); nothing wider than a phone.
  await expect(row).toBeVisible();
  await expect(page.getByTestId('income-loading')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/income-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/income-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  // English labels are the widest: still nothing past a 320 px phone (a context of its own, so the
  // remembered language stays Chinese here).
  const english = await signedInPage(browser, expertId);
  await english.setViewportSize({ width: 320, height: 800 });
  // `desktop=1`: no mobile site here (the e2e portal configures one), as on an install without one.
  await english.goto('/en/member?type=25&desktop=1');
  await expect(english.getByTestId('income-plan').filter({ hasText: title })).toContainText('Paid to you');
  expect(await english.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await english.screenshot({ path: `${SHOTS}/income-en-320.png`, fullPage: true });
  await english.close();

  // An Alipay account, then the withdrawal with the PIN.
  const alipay = page.getByTestId('alipay-form');
  await alipay.getByLabel('支付宝账号（手机号或邮箱）').fill('13812345678');
  await alipay.getByLabel('真实姓名').fill('老炮儿');
  await alipay.getByRole('button', { name: '绑定' }).click();
  await expect(page.getByTestId('alipay')).toContainText('138****5678');
  const form = page.getByTestId('withdraw-form');
  await form.getByText('支付宝', { exact: true }).click();
  await form.getByLabel('提现黄钻').fill(String(share));
  await form.getByLabel('支付密码').fill(PIN);
  await form.getByRole('button', { name: '申请提现' }).click();
  await expect(page.getByTestId('earnings-held')).not.toHaveText('0');
  const history = page.getByTestId('withdrawal-history').locator('tbody tr').first();
  await expect(history).toContainText('审核中');
  const [withdrawal] = await withDatabase((db) =>
    db
      .select({ id: withdrawals.id, amount: withdrawals.amount })
      .from(withdrawals)
      .where(eq(withdrawals.userId, expertId))
      .orderBy(desc(withdrawals.id))
      .limit(1),
  );
  expect(withdrawal!.amount).toBe(share);

  // Finance approves it in the review queue and pays it; the expert sees it paid.
  await asFinance.goto(reviewQueue('withdrawal'));
  await expect(asFinance.getByTestId(`review-item-${withdrawal!.id}`)).toContainText(String(share));
  await decideInQueue(asFinance, withdrawal!.id, 'approve', '收款账户与实名信息核对无误');
  await page.reload();
  await expect(history).toContainText('已通过，待打款');
  // Then pays it by hand in the console's payouts, with Alipay's reference.
  await asFinance.goto('/admin/payouts');
  await asFinance.getByTestId(`payout-pay-${withdrawal!.id}`).click();
  const dialog = asFinance.getByTestId('payout-pay-dialog');
  await dialog.getByTestId('payout-reference-input').fill(`ALIPAY-E2E-${withdrawal!.id}`);
  await dialog.getByTestId('payout-pay-confirm').click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(history).toContainText(`流水号 ALIPAY-E2E-${withdrawal!.id}`);
  await expect(history).toContainText('已打款');
  await expect(history).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/income-paid-1440.png`, fullPage: true });

  // The wallet says where this person's yellow diamonds come from.
  await page.goto('/member?type=2');
  await expect(page.getByTestId('wallet-yellow-hint')).toHaveText('出售方案的分成，结算后到账，可提现');
  await page.close();
});
