// A withdrawal whose payment failed (issue #41 leftovers): finance's 退回 or a returned file's failed row
// refuses an approved withdrawal and gives its whole amount back to the earner in the rejection's own
// ledger operation (`withdraw-decision:<id>`); the earner is told the reason in their language, the audit
// log says it as a sentence, and the ledger check stays clean. Returning twice, a paid, pending or
// rejected withdrawal, an unknown id, one's own, or a reason finance does not offer moves nothing.
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { auditLog } from '@/lib/audit/schema';
import { sentenceOf } from '@/lib/audit/sentences';
import { translator } from '@/lib/i18n/translate';
import { notices } from '@/lib/im/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { batchReference } from './payouts';
import { withdrawals } from './schema';

let testDb: TestDb;
let app: ApiApp;
const NOW = new Date('2026-06-11T04:00:00Z');
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
});
afterAll(() => testDb.close());

type Staff = Awaited<ReturnType<typeof makeSignedInUser>>;
const as = (staff: Staff, lang = 'en') => ({ lang, token: staff.token });
let counter = 0;

async function earner(yellow = 5000) {
  const anchor = await makeSignedInUser(testDb.db, {
    isAnchor: true,
    paymentPasswordHash: await hashPassword('246810'),
  });
  await fundUser(testDb.db, anchor.user.id, 'yellow', yellow, NOW);
  await call('/api/Bank_card/bind?bank_name=ICBC&card_number=6222020200112233446&real_name=Li%20Lei', {
    headers: as(anchor),
  });
  return anchor;
}

async function withdraw(anchor: Staff, amount: number) {
  const applied = await call<{ id: number }>(
    `/api/Balance/applyForWithdrawal?amount=${amount}&type=bank&pay_password=246810&key=return-${++counter}`,
    { headers: as(anchor) },
  );
  expect(applied.body.code).toBe(0);
  return applied.body.data.id;
}

async function approved(finance: Staff, anchor: Staff, amount: number) {
  const id = await withdraw(anchor, amount);
  const decided = await decideInQueue(call, finance.token, 'withdrawal', id, true, {
    reasonCode: 'payout_verified',
  });
  expect(decided.body.data.results[0]).toMatchObject({ ok: true });
  return id;
}

const giveBack = (
  finance: Staff,
  id: number,
  reason_code = 'account_invalid',
  reason = 'Card closed by the holder',
  lang = 'en',
) =>
  call<{ id: number; status: string; refunded: number }>('/api/admin/withdrawals/return', {
    headers: as(finance, lang),
    json: { id, reason_code, reason },
  });

const rowOf = async (id: number) =>
  (await testDb.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

/** What a return could change: the withdrawal, the earner's balance, the ledger's operations. */
async function state(id: number, userId: number) {
  const [{ n }] = (await testDb.db.execute<{ n: string }>(sql`select count(*) as n from wallet_operations`))
    .rows as [{ n: string }];
  return { row: await rowOf(id), balances: await balancesOf(testDb.db, userId), operations: n };
}

const ledgerProblems = async () => (await checkLedger(testDb.db, HOLDINGS)).problems;

describe('returning an approved withdrawal by hand', () => {
  it('refuses it and refunds the whole amount in one operation, tells the earner why, audits a sentence', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance', nickname: '财务王五' });
    const anchor = await earner(1000);
    const id = await approved(finance, anchor, 400);
    const before = await balancesOf(testDb.db, anchor.user.id);
    expect(before.yellow).toBe(600);

    const returned = await giveBack(finance, id);
    expect(returned.body).toMatchObject({ code: 0, data: { id, status: 'rejected', refunded: 400 } });
    // The fee too: nothing was paid out, so nothing is kept.
    expect(await balancesOf(testDb.db, anchor.user.id)).toEqual({ ...before, yellow: 1000 });
    expect(await rowOf(id)).toMatchObject({
      status: 'rejected',
      returnReason: 'account_invalid',
      returnNote: 'Card closed by the holder',
      payoutReference: null,
      decidedBy: finance.user.id,
    });
    // The earner's history names it a returned payout with the reason's code, apart from a rejection.
    const history = await call<{ list: { id: number; status: string; return_reason: string | null }[] }>(
      '/api/Balance/withdrawalList',
      { headers: { token: anchor.token } },
    );
    expect(history.body.data.list.find((row) => row.id === id)).toMatchObject({
      status: 'rejected',
      return_reason: 'account_invalid',
    });
    // The same operation a rejection is: one key, the rejection's kind, shown in the earner's records.
    const operations = await testDb.db.execute<{ kind: string; user_id: number }>(
      sql`select kind, user_id from wallet_operations where idempotency_key = ${`withdraw-decision:${id}`}`,
    );
    expect(operations.rows).toEqual([{ kind: 'withdraw_rejected', user_id: anchor.user.id }]);
    expect(await ledgerProblems()).toEqual([]);

    // The earner is told, with the reason's code (each reader sees it in their language) and the words.
    const [told] = await testDb.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, anchor.user.id), eq(notices.subject, 'withdrawal_returned')));
    expect(told?.params).toEqual({
      id,
      amount: 400,
      code: 'account_invalid',
      note: 'Card closed by the holder',
    });
    expect(told?.link).toBe('/member?type=21');
    const zh = translator('zh-CN') as unknown as (key: string, values?: Record<string, unknown>) => string;
    expect(
      zh('im.notices.subjects.withdrawal_returned', {
        id,
        amount: 400,
        reason: zh('im.notices.reasons.account_invalid'),
        note: ' · Card closed by the holder',
      }),
    ).toBe(
      `你的提现 #${id} 没有打款成功，400 黄钻已退回你的收益余额：收款账户不存在或已注销 · Card closed by the holder`,
    );

    // The audit log: the finance clerk, the withdrawal, before and after, the reason; read as a sentence.
    const [entry] = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, '/api/admin/withdrawals/return'), eq(auditLog.targetId, String(id))));
    expect(entry).toMatchObject({
      actorId: finance.user.id,
      targetType: 'withdrawal',
      reason: 'account_invalid · Card closed by the holder',
      before: { status: 'approved' },
      after: { status: 'rejected', refunded: 400 },
    });
    const sentence = sentenceOf(entry!.action)!;
    expect(sentence.link?.(String(id))).toBe('/admin/payouts?status=rejected');
    expect(zh(`admin.audit.sentences.${sentence.key}`, { actor: '财务 王五', target: `#${id}` })).toBe(
      `财务 王五 退回了提现 #${id}，黄钻已还给收款人`,
    );

    // The console's rejected tab shows why.
    const list = await call<{ list: { id: number; return_reason: string; return_note: string }[] }>(
      '/api/admin/withdrawals/list?status=rejected',
      { headers: as(finance) },
    );
    expect(list.body.data.list.find((row) => row.id === id)).toMatchObject({
      return_reason: 'account_invalid',
      return_note: 'Card closed by the holder',
    });
  });

  it('refuses a second return, a paid, pending or rejected withdrawal, an unknown id: nothing moves', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const anchor = await earner(5000);
    const once = await approved(finance, anchor, 300);
    expect((await giveBack(finance, once)).body.code).toBe(0);
    const paid = await approved(finance, anchor, 200);
    await call('/api/admin/withdrawals/pay', {
      headers: as(finance),
      json: { id: paid, payout_reference: `BANK-RET-${paid}` },
    });
    const pending = await withdraw(anchor, 250);
    const rejected = await withdraw(anchor, 150);
    await decideInQueue(call, finance.token, 'withdrawal', rejected, false, { reasonCode: 'risk_control' });

    const cases: [number, string, string, string][] = [
      [once, 'en', 'WITHDRAWAL_RETURNED_ALREADY', 'This withdrawal was already returned'],
      [once, 'zh-CN', 'WITHDRAWAL_RETURNED_ALREADY', '这笔提现已经退回过了'],
      [paid, 'en', 'WITHDRAWAL_PAID_ALREADY', `already paid, reference BANK-RET-${paid}`],
      [pending, 'vi', 'WITHDRAWAL_RETURN_PENDING', 'vẫn đang chờ duyệt'],
      [rejected, 'en', 'WITHDRAWAL_DECIDED', 'already been handled'],
    ];
    for (const [id, lang, , words] of cases) {
      const before = await state(id, anchor.user.id);
      const refused = await giveBack(finance, id, 'bank_returned', '', lang);
      expect(refused.body.code).not.toBe(0);
      expect(refused.body.msg).toContain(words);
      expect(await state(id, anchor.user.id)).toEqual(before);
    }
    const unknown = await giveBack(finance, 99_999_999, 'bank_returned', '', 'zh-TW');
    expect(unknown.body.msg).toBe('找不到這筆提領申請');
    expect(
      (
        await testDb.db
          .select()
          .from(notices)
          .where(and(eq(notices.userId, anchor.user.id), eq(notices.subject, 'withdrawal_returned')))
      ).length,
    ).toBe(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('refuses bad input: a reason finance does not offer, `other` without words, one’s own, a moderator', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const anchor = await earner(2000);
    const id = await approved(finance, anchor, 500);
    const before = await state(id, anchor.user.id);

    const contentReason = await giveBack(finance, id, 'spam');
    expect(contentReason.status).toBe(400);
    const noWords = await giveBack(finance, id, 'other', '   ');
    expect(noWords.body.code).not.toBe(0);
    expect(noWords.body.msg).toMatch(/reason/i);
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    expect((await giveBack(moderator, id)).status).toBe(403);
    // A finance clerk who is also the earner: a colleague returns it.
    const own = await giveBack(anchor, id);
    expect(own.status).toBe(403);
    expect(await state(id, anchor.user.id)).toEqual(before);
    const selfFinance = await makeSignedInUser(testDb.db, {
      role: 'finance',
      isAnchor: true,
      paymentPasswordHash: await hashPassword('246810'),
    });
    await fundUser(testDb.db, selfFinance.user.id, 'yellow', 1000, NOW);
    await call('/api/Bank_card/bind?bank_name=ICBC&card_number=6222020200112233446&real_name=Li%20Lei', {
      headers: as(selfFinance),
    });
    const mine = await approved(finance, selfFinance, 300);
    const mineBefore = await state(mine, selfFinance.user.id);
    const ownReturn = await giveBack(selfFinance, mine);
    expect(ownReturn.body.msg).toMatch(/colleague|own/i);
    expect(await state(mine, selfFinance.user.id)).toEqual(mineBefore);
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe('a returned file’s failed row', () => {
  it('returns the withdrawal with the bank’s words; importing the file again refunds nothing twice', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    const anchor = await earner(3000);
    const id = await approved(finance, anchor, 800);
    const exported = await call<{ body: string }>('/api/admin/withdrawals/export', {
      headers: as(finance),
      json: { channel: 'bank' },
    });
    expect(exported.body.data.body).toContain(batchReference(id));
    const before = await balancesOf(testDb.db, anchor.user.id);
    const file = [
      'reference,payout_reference,status,message',
      `${batchReference(id)},,failed,户名与卡号不符`,
    ].join('\r\n');

    type Imported = { returned: number; already_returned: number; rows: { outcome: string }[] };
    const first = await call<Imported>('/api/admin/withdrawals/import', {
      headers: as(finance),
      json: { file },
    });
    expect(first.body.data).toMatchObject({ returned: 1, already_returned: 0 });
    expect(await balancesOf(testDb.db, anchor.user.id)).toEqual({ ...before, yellow: before.yellow + 800 });
    expect(await rowOf(id)).toMatchObject({
      status: 'rejected',
      returnReason: 'bank_returned',
      returnNote: '户名与卡号不符',
    });
    const [told] = await testDb.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, anchor.user.id), eq(notices.subject, 'withdrawal_returned')));
    expect(told?.params).toEqual({ id, amount: 800, code: 'bank_returned', note: '户名与卡号不符' });
    const [entry] = await testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, '/api/admin/withdrawals/import'));
    expect(entry?.after).toMatchObject({ returned: [id] });

    const again = await call<Imported>('/api/admin/withdrawals/import', {
      headers: as(finance),
      json: { file },
    });
    expect(again.body.data).toMatchObject({ returned: 0, already_returned: 1 });
    expect(await balancesOf(testDb.db, anchor.user.id)).toEqual({ ...before, yellow: before.yellow + 800 });
    // A failed row can no longer take back a withdrawal that was paid.
    const paid = await approved(finance, anchor, 100);
    await call('/api/admin/withdrawals/pay', {
      headers: as(finance),
      json: { id: paid, payout_reference: `BANK-PAID-${paid}` },
    });
    const late = await call<{ rows: { outcome: string; code: string }[] }>('/api/admin/withdrawals/import', {
      headers: as(finance),
      json: { file: `reference,payout_reference,status\r\n${batchReference(paid)},,failed` },
    });
    expect(late.body.data.rows[0]).toMatchObject({ outcome: 'refused', code: 'WITHDRAWAL_PAID_ALREADY' });
    expect((await rowOf(paid)).status).toBe('paid');
    expect(await ledgerProblems()).toEqual([]);
  });
});
