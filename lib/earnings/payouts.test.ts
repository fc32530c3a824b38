// Finance that reconciles (issue #41, item 6), through the API: an approved withdrawal is paid with the
// bank's or Alipay's reference (bad or reused references refused in the reader's language, nothing moved);
// a channel's batch file lists only its approved, unpaid withdrawals; the returned file pays them by
// reference, refuses unknown rows one by one and pays nothing twice; and the daily finance report sums to
// the ledger's own accounts.

import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { notices } from '@/lib/im/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balances, financeReport } from '@/lib/wallet/finance-report';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { chargeRules, payOrders, walletAccounts } from '@/lib/wallet/schema';
import { BATCH_COLUMNS } from './payout-batch';
import { batchReference, payWithdrawal } from './payouts';
import { withdrawals } from './schema';

let testDb: TestDb;
let app: ApiApp;
const NOW = new Date('2026-06-10T04:00:00Z');
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
});
afterAll(() => testDb.close());

const CARD = '6222020200112233446';
let counter = 0;
const next = () => ++counter;
type Staff = Awaited<ReturnType<typeof makeSignedInUser>>;

const as = (staff: Staff, lang = 'en') => ({ lang, token: staff.token });

/** An anchor with yellow diamonds and both payout destinations bound. */
async function earner(yellow = 5000) {
  const anchor = await makeSignedInUser(testDb.db, {
    isAnchor: true,
    paymentPasswordHash: await hashPassword('246810'),
  });
  await fundUser(testDb.db, anchor.user.id, 'yellow', yellow, NOW);
  await call(`/api/Bank_card/bind?bank_name=ICBC&card_number=${CARD}&real_name=Li%20Lei`, {
    headers: as(anchor),
  });
  await call(`/api/Bank_card/bindAliPay?account=lilei%40example.com&real_name=Li%20Lei`, {
    headers: as(anchor),
  });
  return anchor;
}

async function withdraw(anchor: Staff, amount: number, method: 'bank' | 'alipay') {
  const applied = await call<{ id: number }>(
    `/api/Balance/applyForWithdrawal?amount=${amount}&type=${method}&pay_password=246810&key=payout-${next()}-key`,
    { headers: as(anchor) },
  );
  expect(applied.body.code).toBe(0);
  return applied.body.data.id;
}

async function approved(finance: Staff, anchor: Staff, amount: number, method: 'bank' | 'alipay') {
  const id = await withdraw(anchor, amount, method);
  const decided = await decideInQueue(call, finance.token, 'withdrawal', id, true, {
    reasonCode: 'payout_verified',
  });
  expect(decided.body.data.results[0]).toMatchObject({ ok: true, after: { status: 'approved' } });
  return id;
}

const pay = (finance: Staff, id: number, reference: string, lang = 'en') =>
  call<{ status: string; payout_reference: string | null; replayed: boolean }>('/api/admin/withdrawals/pay', {
    headers: as(finance, lang),
    json: { id, payout_reference: reference },
  });

const rowOf = async (id: number) =>
  (await testDb.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

/** What a payment could change: the withdrawal, the earner's balance, the ledger's operations. */
async function state(id: number, userId: number) {
  const [{ operations }] = (
    await testDb.db.execute<{ operations: string }>(sql`select count(*) as operations from wallet_operations`)
  ).rows as [{ operations: string }];
  return { row: await rowOf(id), balances: await balancesOf(testDb.db, userId), operations };
}

describe('paying with a payout reference', () => {
  it('pays an approved withdrawal: escrow out, the fee as revenue, the earner told with the reference', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const anchor = await earner(1000);
    const id = await approved(finance, anchor, 400, 'bank');
    const paid = await pay(finance, id, '  ICBC-2026-0610-77  ');
    expect(paid.body).toMatchObject({
      code: 0,
      data: { status: 'paid', payout_reference: 'ICBC-2026-0610-77', replayed: false },
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'paid',
      paidBy: finance.user.id,
      payoutReference: 'ICBC-2026-0610-77',
    });
    expect(row.paidAt?.toISOString()).toBe(NOW.toISOString());
    const told = await testDb.db.select().from(notices).where(eq(notices.userId, anchor.user.id));
    expect(told.find((notice) => notice.subject === 'withdrawal_paid')?.params).toEqual({
      id,
      payout: row.amount - row.fee,
      reference: 'ICBC-2026-0610-77',
    });
    // The earner's own list shows it paid, with the reference.
    const list = await call<{ list: { id: number; status: string; payout_reference: string }[] }>(
      '/api/Balance/withdrawalList',
      { headers: as(anchor) },
    );
    expect(list.body.data.list.find((item) => item.id === id)).toMatchObject({
      status: 'paid',
      payout_reference: 'ICBC-2026-0610-77',
    });
    // The same payment again is a replay; another reference for it is refused.
    expect((await pay(finance, id, 'ICBC-2026-0610-77')).body.data.replayed).toBe(true);
    const other = await pay(finance, id, 'ICBC-OTHER-1');
    expect(other.body).toMatchObject({
      code: 1,
      msg: 'This withdrawal was already paid, reference ICBC-2026-0610-77',
    });
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });

  it('refuses a missing, malformed or reused reference in the reader’s language and changes nothing', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const anchor = await earner(2000);
    const first = await approved(finance, anchor, 300, 'alipay');
    const second = await approved(finance, anchor, 300, 'alipay');
    expect((await pay(finance, first, 'ALIPAY-REUSED-1')).body.code).toBe(0);
    const before = await state(second, anchor.user.id);

    const missing = await pay(finance, second, '   ', 'zh-CN');
    expect(missing.body).toMatchObject({ code: 1, msg: '请填写打款流水号' });
    const missingVi = await pay(finance, second, '', 'vi');
    expect(missingVi.body.msg).toBe('Hãy nhập mã giao dịch chi trả');
    const malformed = await pay(finance, second, 'no spaces allowed');
    expect(malformed.body.msg).toMatch(/does not look right/);
    const reused = await pay(finance, second, 'ALIPAY-REUSED-1');
    expect(reused.body).toMatchObject({
      code: 1,
      msg: 'This payout reference is already recorded for another withdrawal',
    });
    expect(await state(second, anchor.user.id)).toEqual(before);

    // Not approved yet, or rejected: nothing to pay.
    const pending = await withdraw(anchor, 200, 'bank');
    expect((await pay(finance, pending, 'BANK-PENDING-1')).body.msg).toMatch(/not been approved/);
    await decideInQueue(call, finance.token, 'withdrawal', pending, false, { reasonCode: 'risk_control' });
    expect((await pay(finance, pending, 'BANK-PENDING-1')).body.msg).toMatch(/already been handled/);
    expect((await rowOf(pending)).payoutReference).toBeNull();
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });

  it('lets only finance and operators pay, and no one their own withdrawal', async () => {
    const anchor = await earner(1000);
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const id = await approved(finance, anchor, 200, 'bank');
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    expect((await pay(moderator, id, 'BANK-MOD-1')).status).toBe(403);
    expect((await pay(anchor, id, 'BANK-SELF-1')).status).toBe(403);
    // A finance clerk who earns too cannot pay their own withdrawal.
    const clerk = await makeSignedInUser(testDb.db, {
      role: 'finance',
      isAnchor: true,
      paymentPasswordHash: await hashPassword('246810'),
    });
    await fundUser(testDb.db, clerk.user.id, 'yellow', 500, NOW);
    await call(`/api/Bank_card/bind?bank_name=ICBC&card_number=${CARD}&real_name=Clerk`, {
      headers: as(clerk),
    });
    const own = await approved(finance, clerk, 200, 'bank');
    const refused = await pay(clerk, own, 'BANK-OWN-1');
    expect(refused.status).toBe(403);
    expect((await rowOf(own)).status).toBe('approved');
    expect((await rowOf(id)).status).toBe('approved');
  });
});

type Batch = { filename: string; body: string; count: number; payout: number };
const exportBatch = (finance: Staff, channel: 'bank' | 'alipay') =>
  call<Batch>('/api/admin/withdrawals/export', { headers: as(finance), json: { channel } });

type Imported = {
  paid: number;
  already_paid: number;
  returned: number;
  already_returned: number;
  refused: number;
  rows: { line: number; reference: string; outcome: string; code: string | null; msg: string | null }[];
};
const importFile = (finance: Staff, file: string, lang = 'en') =>
  call<Imported>('/api/admin/withdrawals/import', { headers: as(finance, lang), json: { file } });

/** Clears what earlier tests left approved, so each batch test sees only its own withdrawals. */
async function settleEarlier() {
  const rows = await testDb.db.select().from(withdrawals).where(eq(withdrawals.status, 'approved'));
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  for (const row of rows) await pay(finance, row.id, `EARLIER-${row.id}`);
}

describe('batch files', () => {
  it('exports one channel’s approved, unpaid withdrawals as CSV, oldest first', async () => {
    await settleEarlier();
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const anchor = await earner(5000);
    const bankA = await approved(finance, anchor, 500, 'bank');
    const bankB = await approved(finance, anchor, 300, 'bank');
    const alipay = await approved(finance, anchor, 200, 'alipay');
    await withdraw(anchor, 250, 'bank'); // pending: not in the file
    const paidBank = await approved(finance, anchor, 150, 'bank');
    await pay(finance, paidBank, 'BANK-ALREADY-1'); // paid: not in the file

    const bank = await exportBatch(finance, 'bank');
    expect(bank.body.code).toBe(0);
    expect(bank.body.data).toMatchObject({ filename: 'payouts-bank-2026-06-10.csv', count: 2 });
    const [header, ...lines] = bank.body.data.body.trim().split('\r\n');
    expect(header).toBe(BATCH_COLUMNS.bank.join(','));
    expect(lines).toHaveLength(2);
    const rows = parse(bank.body.data.body, { columns: true }) as Record<string, string>[];
    const fee = (id: number) => rowOf(id).then((row) => row.amount - row.fee);
    expect(rows).toEqual([
      {
        reference: batchReference(bankA),
        withdrawal_id: String(bankA),
        bank_name: 'ICBC',
        card_number: CARD,
        real_name: 'Li Lei',
        payout: String(await fee(bankA)),
        requested_at: NOW.toISOString(),
        status: '',
        payout_reference: '',
      },
      expect.objectContaining({ reference: batchReference(bankB), payout: String(await fee(bankB)) }),
    ]);
    expect(bank.body.data.payout).toBe((await fee(bankA)) + (await fee(bankB)));
    expect((await rowOf(bankA)).exportedAt?.toISOString()).toBe(NOW.toISOString());

    const alipayFile = await exportBatch(finance, 'alipay');
    const alipayRows = parse(alipayFile.body.data.body, { columns: true }) as Record<string, string>[];
    expect(alipayRows.map((row) => row.reference)).toEqual([batchReference(alipay)]);
    expect(alipayRows[0]).toMatchObject({ alipay_account: 'lilei@example.com', real_name: 'Li Lei' });
    expect(Object.keys(alipayRows[0]!)).toEqual([...BATCH_COLUMNS.alipay]);

    // Until paid, a withdrawal stays in every batch; a moderator may not export.
    expect((await exportBatch(finance, 'bank')).body.data.count).toBe(2);
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    expect((await exportBatch(moderator, 'bank')).status).toBe(403);
  });

  it('imports the returned file: pays by reference, refuses unknown rows one by one, pays nothing twice', async () => {
    await settleEarlier();
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const anchor = await earner(5000);
    const ok = await approved(finance, anchor, 600, 'bank');
    const bounced = await approved(finance, anchor, 400, 'bank');
    const wrongAmount = await approved(finance, anchor, 300, 'bank');
    const exported = await exportBatch(finance, 'bank');
    const rows = parse(exported.body.data.body, { columns: true }) as Record<string, string>[];
    const byId = new Map(rows.map((row) => [Number(row.withdrawal_id), row]));
    const line = (row: Record<string, string>, status: string, reference: string, payout = row.payout) =>
      [
        row.reference,
        row.withdrawal_id,
        row.bank_name,
        row.card_number,
        row.real_name,
        payout,
        row.requested_at,
        status,
        reference,
      ].join(',');
    const returned = [
      BATCH_COLUMNS.bank.join(','),
      line(byId.get(ok)!, 'success', 'ICBC-RET-0001'),
      line(byId.get(bounced)!, 'failed', ''),
      line(byId.get(wrongAmount)!, 'success', 'ICBC-RET-0003', '1'),
      'WD99999999,99999999,ICBC,6222,X,10,2026-06-10T04:00:00.000Z,success,ICBC-RET-0004',
      'garbage,,,,,,,success,ICBC-RET-0005',
      line(byId.get(ok)!, 'success', 'ICBC-RET-0001'),
    ].join('\r\n');
    const before = await balancesOf(testDb.db, anchor.user.id);

    const first = await importFile(finance, returned);
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ paid: 1, already_paid: 0, returned: 1, refused: 4 });
    expect(first.body.data.rows.map((row) => [row.line, row.outcome, row.code])).toEqual([
      [2, 'paid', null],
      [3, 'returned', null],
      [4, 'refused', 'PAYOUT_ROW_AMOUNT'],
      [5, 'refused', 'PAYOUT_ROW_UNKNOWN'],
      [6, 'refused', 'PAYOUT_ROW_UNKNOWN'],
      [7, 'refused', 'PAYOUT_ROW_DUPLICATE'],
    ]);
    expect(first.body.data.rows[3]!.msg).toBe('No withdrawal has the reference WD99999999');
    expect(first.body.data.rows[2]!.msg).toMatch(/the file says 1, the payout is \d+/);
    expect(await rowOf(ok)).toMatchObject({ status: 'paid', payoutReference: 'ICBC-RET-0001' });
    // The bank's failure returns the withdrawal to its earner (payout-return.test.ts tells the rest).
    expect(await rowOf(bounced)).toMatchObject({ status: 'rejected', returnReason: 'bank_returned' });
    expect(await rowOf(wrongAmount)).toMatchObject({ status: 'approved', payoutReference: null });
    // The earner's wallet does not change on payment (the diamonds left it on applying); the returned
    // one's whole amount comes back.
    expect(await balancesOf(testDb.db, anchor.user.id)).toEqual({ ...before, yellow: before.yellow + 400 });

    // The same file again: nothing is paid twice.
    const operations = await testDb.db.execute(sql`select count(*) as n from wallet_operations`);
    const again = await importFile(finance, returned, 'zh-CN');
    expect(again.body.data).toMatchObject({
      paid: 0,
      already_paid: 1,
      returned: 0,
      already_returned: 1,
      refused: 4,
    });
    expect(again.body.data.rows[3]!.msg).toBe('找不到编号为 WD99999999 的提现');
    expect((await testDb.db.execute(sql`select count(*) as n from wallet_operations`)).rows).toEqual(
      operations.rows,
    );
    // Neither the returned one nor the paid one goes out in the next batch.
    const nextBatch = await exportBatch(finance, 'bank');
    expect(
      (parse(nextBatch.body.data.body, { columns: true }) as Record<string, string>[]).map(
        (row) => row.withdrawal_id,
      ),
    ).toEqual([String(wrongAmount)]);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });

  it('refuses a file it cannot read as a whole, before anything is paid', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const noColumns = await importFile(finance, 'id,amount\r\n1,2');
    expect(noColumns.body).toMatchObject({
      code: 1,
      msg: 'The returned file needs the columns reference and payout_reference',
    });
    const empty = await importFile(finance, 'reference,payout_reference\r\n');
    expect(empty.body.msg).toBe('The returned file has no rows');
    const broken = await importFile(finance, 'reference,payout_reference\r\n"WD1,unterminated');
    expect(broken.body.msg).toBe('The returned file is not a valid CSV file');
  });
});

describe('the daily finance report', () => {
  it('sums to the ledger’s own accounts, every row balancing, recharges by channel', async () => {
    const fresh = await createTestDb();
    try {
      const db = fresh.db;
      const user = (await makeSignedInUser(db)).user.id;
      const anchor = (await makeSignedInUser(db, { isAnchor: true })).user.id;
      const [rule] = await db
        .insert(chargeRules)
        .values({ diamonds: 100, priceMinor: 1000, priceCurrency: 'CNY' })
        .returning();
      // Two days in the portal's zone (UTC+8): 2026-06-09 and 2026-06-10.
      const day1 = new Date('2026-06-09T10:00:00Z');
      const day2 = new Date('2026-06-09T17:00:00Z'); // 01:00 on the 10th in Shanghai
      const recharge = async (channel: string, at: Date, n: number) => {
        const orderNo = `FIN${n}${at.getTime()}`;
        await db.insert(payOrders).values({
          orderNo,
          userId: user,
          ruleId: rule!.id,
          channel,
          diamonds: 100,
          priceMinor: 1000,
          priceCurrency: 'CNY',
          status: 'paid',
          createdAt: at,
          settledAt: at,
        });
        await runOperation(db, {
          key: `recharge:${orderNo}`,
          kind: 'recharge',
          userId: user,
          payload: { order: orderNo },
          now: at,
          prepare: async () => ({ legs: [mintLeg(user, 'star', 100)], result: {} }),
        });
      };
      await recharge('alipay', day1, 1);
      await recharge('alipay', day1, 2);
      await recharge('sandbox', day2, 3);
      // A gift: the star diamonds go to revenue, the anchor's share is minted in yellow.
      await runOperation(db, {
        key: 'gift:report:1',
        kind: 'gift',
        userId: user,
        payload: {},
        now: day2,
        prepare: async () => ({
          legs: [
            { from: { user }, to: { system: 'revenue' }, currency: 'star', amount: 120 },
            { from: { system: 'mint' }, to: { user: anchor }, currency: 'yellow', amount: 60 },
            { from: { system: 'mint' }, to: { user }, currency: 'exp', amount: 1200 },
          ],
          result: {},
        }),
      });
      // A withdrawal applied (into escrow) and paid (out of it, the fee as revenue).
      let withdrawalId = 0;
      await runOperation(db, {
        key: 'withdraw:report:1',
        kind: 'withdraw',
        userId: anchor,
        payload: {},
        now: day2,
        shard: anchor,
        prepare: async (tx, operationId) => {
          const [row] = await tx
            .insert(withdrawals)
            .values({
              userId: anchor,
              amount: 50,
              fee: 5,
              method: 'alipay',
              account: 'a@example.com',
              realName: 'A',
              operationId,
              createdAt: day2,
            })
            .returning();
          withdrawalId = row!.id;
          return {
            legs: [{ from: { user: anchor }, to: { system: 'escrow' }, currency: 'yellow', amount: 50 }],
            result: {},
          };
        },
      });
      await db.update(withdrawals).set({ status: 'approved' }).where(eq(withdrawals.id, withdrawalId));
      await payWithdrawal(db, user, withdrawalId, 'ALIPAY-REPORT-1', day2);

      const report = await financeReport(db, { from: '2026-06-09', to: '2026-06-10' }, 'Asia/Shanghai');
      for (const row of report.rows)
        expect({ ...row, balances: balances(row) }).toMatchObject({ balances: true });
      const pick = (day: string, kind: string, currency: string, channel = '') =>
        report.rows.find(
          (row) =>
            row.day === day && row.kind === kind && row.currency === currency && row.channel === channel,
        );
      expect(pick('2026-06-09', 'recharge', 'star', 'alipay')).toMatchObject({
        section: 'recharge',
        operations: 2,
        minted: 200,
        users: 200,
        paidMinor: 2000,
        paidCurrency: 'CNY',
      });
      expect(pick('2026-06-10', 'recharge', 'star', 'sandbox')).toMatchObject({ operations: 1, minted: 100 });
      expect(pick('2026-06-10', 'gift', 'star')).toMatchObject({
        section: 'gifts',
        revenue: 120,
        users: -120,
      });
      expect(pick('2026-06-10', 'withdraw_paid', 'yellow')).toMatchObject({
        section: 'withdrawals',
        burnt: 45,
        revenue: 5,
        escrow: -50,
      });
      expect(report.rows.some((row) => (row.currency as string) === 'exp')).toBe(false);
      expect(report.paid).toEqual([{ currency: 'CNY', minor: 3000, orders: 3 }]);

      // The totals are the ledger's accounts: minted = −mint, burnt = burn, revenue, escrow, users.
      const accounts = await db
        .select({
          kind: walletAccounts.kind,
          currency: walletAccounts.currency,
          balance: sql<number>`sum(${walletAccounts.balance})::bigint`.mapWith(Number),
        })
        .from(walletAccounts)
        .groupBy(walletAccounts.kind, walletAccounts.currency);
      const account = (kind: string, currency: string) =>
        accounts.find((row) => row.kind === kind && row.currency === currency)?.balance ?? 0;
      const ledger = await checkLedger(db, HOLDINGS);
      expect(ledger.problems).toEqual([]);
      for (const total of report.totals) {
        expect(total).toMatchObject({
          minted: 0 - account('mint', total.currency) || 0,
          burnt: account('burn', total.currency),
          revenue: account('revenue', total.currency),
          escrow: account('escrow', total.currency),
          users: account('user', total.currency),
        });
        const checked = ledger.currencies.find((c) => c.currency === total.currency)!;
        expect([total.minted, total.burnt]).toEqual([checked.minted, checked.burnt]);
        expect(total.revenue + total.escrow + total.users).toBe(checked.held);
      }

      // One day alone holds only that day's operations.
      const first = await financeReport(db, { from: '2026-06-09', to: '2026-06-09' }, 'Asia/Shanghai');
      expect(first.rows.map((row) => [row.kind, row.channel, row.currency])).toEqual([
        ['recharge', 'alipay', 'star'],
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('exports the report as CSV for finance, with the kinds in the reader’s words', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const report = await call<{ csv: { filename: string; body: string }; totals: unknown[] }>(
      '/api/admin/finance/report?from=2026-06-10&to=2026-06-10&format=csv',
      { headers: as(finance, 'zh-CN') },
    );
    expect(report.body.code).toBe(0);
    expect(report.body.data.csv.filename).toBe('finance-2026-06-10-2026-06-10.csv');
    const rows = parse(report.body.data.csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.kind === 'withdraw_paid')).toMatchObject({
      section: 'withdrawals',
      label: '提现已打款',
      currency: 'yellow',
    });
    for (const row of rows)
      expect(Number(row.minted)).toBe(
        Number(row.burnt) + Number(row.revenue) + Number(row.escrow) + Number(row.users),
      );
    const totals = rows.filter((row) => row.section === 'total');
    expect(totals.map((row) => row.currency)).toEqual(['star', 'yellow', 'coin']);
    const tooLong = await call('/api/admin/finance/report?from=2026-01-01&to=2026-06-10', {
      headers: as(finance),
    });
    expect(tooLong.body.code).toBe(1);
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    expect(
      (await call('/api/admin/finance/report?from=2026-06-10&to=2026-06-10', { headers: as(moderator) }))
        .status,
    ).toBe(403);
  });
});
