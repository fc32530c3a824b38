// Finance that reconciles (issue #41, item 6), in a browser: the seeded finance clerk approves an anchor's
// bank withdrawal in the review queue, exports the bank batch file from the console's payouts, imports
// the file the bank returns (paid by reference; a row the portal does not know is refused by itself),
// and the anchor sees the withdrawal paid with the bank's reference. Then the daily finance report.
// A payment the bank returns as failed (a returned row, or finance's 退回) refunds the anchor, who is told
// why; the dashboard counts approved withdrawals awaiting payment and links to them.
import { randomInt } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { EARNER_PIN, earningAnchor } from './accounts';
import { expect, test } from './fixtures';
import { decideInQueue, reviewQueue } from './review-queue';

const shots = process.env.SHOTS_DIR ?? 'test-results/payouts';
test.describe.configure({ timeout: 240_000 });

test('finance exports approved withdrawals, imports the returned file, and the anchor sees it paid with the reference', async ({
  browser,
  asFinance,
}) => {
  const { api, ...anchor } = await earningAnchor(browser, `打款主播${randomInt(1e6)}`);
  await api('/api/Bank_card/bind?bank_name=ICBC&card_number=6222020200112233446&real_name=Li%20Lei');
  const id = (
    await api(
      `/api/Balance/applyForWithdrawal?amount=400&type=bank&pay_password=${EARNER_PIN}&key=e2e-payout-${anchor.user.id}`,
    )
  ).id as number;

  // Approved in the review queue for a money reason; it now waits to be paid.
  await asFinance.goto(reviewQueue('withdrawal'));
  await decideInQueue(asFinance, id, 'approve', '收款账户与实名信息核对无误');
  await asFinance.goto('/admin/payouts');
  await expect(asFinance.getByTestId(`payout-row-${id}`)).toBeVisible();
  await asFinance.getByTestId(`payout-pay-${id}`).click();
  await asFinance.screenshot({ path: `${shots}/payouts-approved.png`, fullPage: true });
  await asFinance.keyboard.press('Escape');

  // The bank batch file: our row with the full card number, the result columns left empty.
  const downloading = asFinance.waitForEvent('download');
  await asFinance.getByTestId('payout-export-bank').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^payouts-bank-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = parse(await readDownload(download), { columns: true, bom: true }) as Record<
    string,
    string
  >[];
  const mine = exported.find((row) => row.withdrawal_id === String(id))!;
  expect(mine).toMatchObject({
    card_number: '6222020200112233446',
    real_name: 'Li Lei',
    status: '',
    payout_reference: '',
  });
  await expect(asFinance.getByTestId('payout-export-note')).toContainText('已导出');

  // The bank returns it paid, with its reference; a row it made up is refused on its own.
  const reference = `ICBC${id}X${randomInt(1e6)}`;
  const returned = stringify(
    [
      { ...mine, status: 'success', payout_reference: reference },
      {
        ...mine,
        reference: 'WD99999999',
        withdrawal_id: '99999999',
        status: 'success',
        payout_reference: 'X1234',
      },
    ],
    { header: true },
  );
  await asFinance.getByTestId('payout-import-file').setInputFiles({
    name: 'returned.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(returned),
  });
  await asFinance.getByTestId('payout-import').click();
  const result = asFinance.getByTestId('payout-import-result');
  await expect(result).toContainText('已打款 1 笔');
  await expect(result).toContainText('找不到编号为 WD99999999 的提现');
  await expect(asFinance.getByTestId(`payout-row-${id}`)).toBeHidden();
  await asFinance.screenshot({ path: `${shots}/payouts-imported.png`, fullPage: true });
  await asFinance.goto('/admin/payouts?status=paid');
  await expect(
    asFinance.getByRole('row').filter({ has: asFinance.getByTestId(`payout-row-${id}`) }),
  ).toContainText(reference);

  // The anchor sees it paid, with the bank's reference, and was told so.
  await anchor.page.goto('/member?type=21');
  const history = anchor.page.getByTestId('withdrawal-history');
  await expect(history).toContainText('已打款');
  await expect(history).toContainText(`流水号 ${reference}`);
  await anchor.page.screenshot({ path: `${shots}/anchor-paid.png`, fullPage: true });
  await anchor.page.goto('/member?type=10');
  await expect(anchor.page.getByTestId('notices')).toContainText(`打款流水号 ${reference}`);

  // The day's finance report: every row balances; the payout is under withdrawals.
  await asFinance.goto('/admin/finance');
  await expect(asFinance.getByTestId('finance-totals')).toContainText('每行平衡');
  await expect(asFinance.getByTestId('finance-rows')).toContainText('提现已打款');
  await asFinance.screenshot({ path: `${shots}/finance-report.png`, fullPage: true });
  await anchor.page.context().close();
});

test('a payment the bank returns as failed gives the anchor the diamonds back, and they are told why', async ({
  browser,
  asFinance,
}) => {
  const { api, ...anchor } = await earningAnchor(browser, `退票主播${randomInt(1e6)}`);
  await api('/api/Bank_card/bind?bank_name=ICBC&card_number=6222020200112233446&real_name=Li%20Lei');
  const apply = async (amount: number, key: string) =>
    (
      await api(
        `/api/Balance/applyForWithdrawal?amount=${amount}&type=bank&pay_password=${EARNER_PIN}&key=e2e-return-${key}-${anchor.user.id}`,
      )
    ).id as number;
  const bounced = await apply(500, 'file');
  const byHand = await apply(200, 'hand');
  await asFinance.goto(reviewQueue('withdrawal'));
  await decideInQueue(asFinance, bounced, 'approve', '收款账户与实名信息核对无误');
  await decideInQueue(asFinance, byHand, 'approve', '收款账户与实名信息核对无误');

  // The dashboard counts approved withdrawals awaiting payment and leads to them.
  await asFinance.goto('/admin/dashboard');
  const card = asFinance.getByTestId('ops-payoutsWaiting');
  await expect(card).toContainText('待打款提现');
  expect(
    Number(((await card.locator('p').nth(1).textContent()) ?? '').replace(/\D/g, '')),
  ).toBeGreaterThanOrEqual(2);
  await asFinance.screenshot({ path: `${shots}/dashboard-payouts.png`, fullPage: true });
  await card.click();
  await expect(asFinance).toHaveURL(/\/admin\/payouts\?status=approved$/);
  await expect(asFinance.getByTestId(`payout-row-${bounced}`)).toBeVisible();

  await anchor.page.goto('/member?type=21');
  await expect(anchor.page.getByTestId('earnings-available')).toHaveText('300');

  // The bank batch goes out; the bank returns our row as failed, with its words.
  const downloading = asFinance.waitForEvent('download');
  await asFinance.getByTestId('payout-export-bank').click();
  const exported = parse(await readDownload(await downloading), { columns: true, bom: true }) as Record<
    string,
    string
  >[];
  const mine = exported.find((row) => row.withdrawal_id === String(bounced))!;
  const returned = stringify(
    [{ ...mine, status: 'failed', payout_reference: '', message: '户名与卡号不符' }],
    {
      header: true,
    },
  );
  await asFinance.getByTestId('payout-import-file').setInputFiles({
    name: 'returned.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(returned),
  });
  await asFinance.getByTestId('payout-import').click();
  const result = asFinance.getByTestId('payout-import-result');
  await expect(result).toContainText('银行退回并已退款 1 笔');
  await expect(result).toContainText('银行退回，黄钻已退还收款人');
  await expect(asFinance.getByTestId(`payout-row-${bounced}`)).toBeHidden();
  await asFinance.screenshot({ path: `${shots}/payouts-returned-file.png`, fullPage: true });

  // The other one finance returns by hand, with a reason and their own words.
  await asFinance.getByTestId(`payout-return-${byHand}`).click();
  const dialog = asFinance.getByTestId('reason-dialog');
  await dialog.getByLabel('收款账户被冻结，无法入账', { exact: true }).check();
  await dialog.getByTestId('reason-text').fill('银行来电告知账户冻结');
  await asFinance.screenshot({ path: `${shots}/payouts-return-dialog.png`, fullPage: true });
  await dialog.getByTestId('reason-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(asFinance.getByTestId(`payout-row-${byHand}`)).toBeHidden();
  await asFinance.goto('/admin/payouts?status=rejected');
  await expect(asFinance.getByTestId(`payout-returned-${bounced}`)).toHaveText(
    '已退回：银行或支付宝退回了这笔打款 · 户名与卡号不符',
  );
  await expect(asFinance.getByTestId(`payout-returned-${byHand}`)).toHaveText(
    '已退回：收款账户被冻结，无法入账 · 银行来电告知账户冻结',
  );
  await asFinance.screenshot({ path: `${shots}/payouts-rejected-tab.png`, fullPage: true });
  // The anchor's case file names the records in the wallet's own words.
  await asFinance.goto(`/admin/users/${anchor.user.id}`);
  const kinds = asFinance.getByTestId('user-record-kind');
  await expect(kinds.filter({ hasText: '提现驳回退回' })).toHaveCount(2);
  await expect(asFinance.getByText('withdraw_rejected')).toHaveCount(0);
  await asFinance.screenshot({ path: `${shots}/case-file-records.png`, fullPage: true });

  // The anchor has every diamond back and reads why.
  await anchor.page.goto('/member?type=21');
  await expect(anchor.page.getByTestId('earnings-available')).toHaveText('1,000');
  // Returned after approval reads as a failed payout with its reason, not as a rejection.
  const history = anchor.page.getByTestId('withdrawal-history');
  await expect(history.getByText('打款失败（已退回）')).toHaveCount(2);
  await expect(history.getByText('已驳回（已退回）')).toHaveCount(0);
  await expect(history.getByTestId('return-reason')).toHaveText([
    '收款账户被冻结，无法入账',
    '银行或支付宝退回了这笔打款',
  ]);
  await anchor.page.screenshot({ path: `${shots}/anchor-returned-history.png`, fullPage: true });
  await anchor.page.goto('/member?type=10');
  const notices = anchor.page.getByTestId('notices');
  await expect(notices).toContainText(
    `你的提现 #${bounced} 没有打款成功，500 黄钻已退回你的收益余额：银行或支付宝退回了这笔打款 · 户名与卡号不符`,
  );
  await expect(notices).toContainText(`你的提现 #${byHand} 没有打款成功，200 黄钻已退回你的收益余额`);
  await anchor.page.screenshot({ path: `${shots}/anchor-returned.png`, fullPage: true });
  await anchor.page.context().close();
});

async function readDownload(download: { createReadStream: () => Promise<NodeJS.ReadableStream> }) {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
