// Earnings through the API: binding payout destinations, withdrawals through escrow with the payment
// password (and its lockout), operators' decisions, conversion, and every refusal moving nothing. Anchors
// here; who else is an earner (experts, holders of yellow diamonds) at the end, and experts' whole way from
// a sale to a payout in lib/experts/income.test.ts.
import { hashPassword } from '@/lib/accounts/password';
import { experts } from '@/lib/experts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { isValidCardNumber, maskCard } from './service';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let passwordHash: string;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
  passwordHash = await hashPassword('246810');
});
afterAll(() => testDb.close());

const CARD = '6222020200112233446';
const en = (token: string) => ({ lang: 'en', token });
let counter = 0;
const key = () => `key-${++counter}-abcdef`;

async function fund(userId: number, currency: 'yellow' | 'star', amount: number) {
  await runOperation(testDb.db, {
    key: `earn-fund:${userId}:${++counter}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now: new Date('2026-05-01T00:00:00Z'),
    prepare: async () => ({ legs: [mintLeg(userId, currency, amount)], result: {} }),
  });
}

async function anchorWithEarnings(yellow = 1000) {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, paymentPasswordHash: passwordHash });
  if (yellow) await fund(anchor.user.id, 'yellow', yellow);
  return anchor;
}

const get = <T>(token: string, path: string, query: Record<string, string | number> = {}) =>
  call<T>(`${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    headers: en(token),
  });

type Withdrawal = {
  id: number;
  amount: number;
  fee: number;
  payout: number;
  status: string;
  destination: string;
};

it('checks card numbers with Luhn and masks them', () => {
  expect(isValidCardNumber(CARD)).toBe(true);
  expect(isValidCardNumber('4111111111111111')).toBe(true);
  expect(isValidCardNumber('4111111111111112')).toBe(false);
  expect(isValidCardNumber('12345')).toBe(false);
  expect(maskCard(CARD)).toBe('6222 **** **** 3446');
});

it('binds a bank card and an Alipay account and shows them masked', async () => {
  const anchor = await anchorWithEarnings(0);
  expect((await get(anchor.token, '/api/Bank_card/getInfo')).body.data).toEqual({ card: null });
  const bound = await get<{ card: { card_number: string; real_name: string } }>(
    anchor.token,
    '/api/Bank_card/bind',
    {
      bank_name: 'China Merchants Bank',
      card_number: '6222 0202 0011 2233 446',
      real_name: '张三丰',
    },
  );
  expect(bound.body.code).toBe(0);
  expect(bound.body.data.card).toEqual({
    bank_name: 'China Merchants Bank',
    card_number: '6222 **** **** 3446',
    real_name: '张**',
  });
  expect((await get(anchor.token, '/api/Bank_card/getInfo')).body.data).toEqual(bound.body.data);

  const alipay = await get<{ alipay: { account: string } }>(anchor.token, '/api/Bank_card/bindAliPay', {
    account: '13800138000',
    real_name: 'Zhang',
  });
  expect(alipay.body.data.alipay).toEqual({ account: '138****8000', real_name: 'Z****' });
  expect((await get(anchor.token, '/api/Bank_card/getAliPayInfo')).body.data).toEqual(alipay.body.data);

  const badCard = await get(anchor.token, '/api/Bank_card/bind', {
    bank_name: 'Bank',
    card_number: '4111111111111112',
    real_name: 'Z',
  });
  expect(badCard.body.code).toBe(1);
  expect(badCard.body.msg).toMatch(/card number/i);
  const badAlipay = await get(anchor.token, '/api/Bank_card/bindAliPay', {
    account: 'not an account',
    real_name: 'Z',
  });
  expect(badAlipay.body.code).toBe(1);
  // The first card stays.
  expect((await get(anchor.token, '/api/Bank_card/getInfo')).body.data).toEqual(bound.body.data);
});

it('applies for a withdrawal into escrow; the operator approves it and pays it out with the fee as revenue', async () => {
  const anchor = await anchorWithEarnings(1000);
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const card = await get(anchor.token, '/api/Bank_card/bind', {
    bank_name: 'ICBC',
    card_number: CARD,
    real_name: 'Li Lei',
  });
  expect(card.body).toMatchObject({ code: 0 });
  const applyKey = key();
  const applied = await get<Withdrawal & { replayed: boolean }>(
    anchor.token,
    '/api/Balance/applyForWithdrawal',
    {
      amount: 300,
      type: 'bank',
      pay_password: '246810',
      key: applyKey,
    },
  );
  expect(applied.body.code).toBe(0);
  expect(applied.body.data).toMatchObject({ amount: 300, status: 'pending', replayed: false });
  expect(applied.body.data.destination).toBe('ICBC · 6222 **** **** 3446 · L*****');
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(700);
  // A retry of the same click replays.
  const again = await get<{ replayed: boolean; id: number }>(
    anchor.token,
    '/api/Balance/applyForWithdrawal',
    {
      amount: 300,
      type: 'bank',
      pay_password: '246810',
      key: applyKey,
    },
  );
  expect(again.body.data).toMatchObject({ replayed: true, id: applied.body.data.id });
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(700);

  const list = await get<{ total: number; list: Withdrawal[]; yellow: number; min: number }>(
    anchor.token,
    '/api/Balance/withdrawalList',
  );
  expect(list.body.data).toMatchObject({ total: 1, yellow: 700, min: 100 });

  // Decided in the review queue (lib/review), which shows finance the full destination.
  const pending = await queueList<{ id: number; fields: { destination: string } }>(
    call,
    operator.token,
    'withdrawal',
    'size=100',
  );
  const mine = pending.body.data.list.find((row) => row.id === applied.body.data.id)!;
  expect(mine.fields.destination).toBe(`ICBC · ${CARD} · Li Lei`);

  const approved = await decideInQueue(call, operator.token, 'withdrawal', applied.body.data.id, true, {
    reasonCode: 'payout_verified',
  });
  expect(approved.body.data.results[0]).toMatchObject({ ok: true, after: { status: 'approved' } });
  // Approval moves nothing: the diamonds wait in escrow for the payout (lib/earnings/payouts.test.ts).
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  const paid = await call<{ status: string }>('/api/admin/withdrawals/pay', {
    headers: en(operator.token),
    json: { id: applied.body.data.id, payout_reference: 'ICBC-20260501-0001' },
  });
  expect(paid.body.data).toMatchObject({ status: 'paid', payout_reference: 'ICBC-20260501-0001' });
  const twice = await decideInQueue(call, operator.token, 'withdrawal', applied.body.data.id, false);
  expect(twice.body.code).toBe(1);
  expect(twice.body.msg).toMatch(/already/i);
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(700);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('a rejected withdrawal returns the diamonds to the anchor', async () => {
  const anchor = await anchorWithEarnings(500);
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  await get(anchor.token, '/api/Bank_card/bindAliPay', { account: 'lilei@example.com', real_name: 'Li Lei' });
  const applied = await get<Withdrawal>(anchor.token, '/api/Balance/applyForWithdrawal', {
    amount: 500,
    type: 'alipay',
    pay_password: '246810',
    key: key(),
  });
  expect(applied.body.data.destination).toBe('li***@example.com · L*****');
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(0);
  const rejected = await decideInQueue(call, operator.token, 'withdrawal', applied.body.data.id, false);
  expect(rejected.body.data.results[0]).toMatchObject({
    ok: true,
    after: { status: 'rejected', refunded: 500 },
  });
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(500);
  // The same decision again is refused and refunds nothing more.
  const retried = await decideInQueue(call, operator.token, 'withdrawal', applied.body.data.id, false);
  expect(retried.body.code).toBe(1);
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(500);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('refuses bad withdrawals with a translated message and moves nothing', async () => {
  const anchor = await anchorWithEarnings(1000);
  const viewer = await makeSignedInUser(testDb.db);
  const apply = (query: Record<string, string | number>, token = anchor.token) =>
    get(token, '/api/Balance/applyForWithdrawal', {
      type: 'bank',
      pay_password: '246810',
      key: key(),
      ...query,
    });
  // No card bound yet.
  expect((await apply({ amount: 200 })).body.msg).toMatch(/bank card/i);
  await get(anchor.token, '/api/Bank_card/bind', { bank_name: 'ICBC', card_number: CARD, real_name: 'Li' });
  expect((await apply({ amount: 50 })).body.msg).toMatch(/100/);
  expect((await apply({ amount: -200 })).body.msg).toMatch(/whole number/i);
  expect((await apply({ amount: 150.5 })).body.msg).toMatch(/whole number/i);
  expect((await apply({ amount: 5000 })).body.msg).toMatch(/not enough/i);
  // Plain users cannot withdraw: the refusal says who can.
  const plain = await apply({ amount: 200 }, viewer.token);
  expect(plain.status).toBe(403);
  expect(plain.body.msg).toMatch(/streamers, experts/i);
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(1000);
  // A plain user cannot reach the operators' calls.
  expect((await queueList(call, viewer.token, 'withdrawal')).status).toBe(403);
  expect((await decideInQueue(call, anchor.token, 'withdrawal', 1, true)).status).toBe(403);
});

it('locks payment operations after 5 wrong payment passwords', async () => {
  const anchor = await anchorWithEarnings(1000);
  await get(anchor.token, '/api/Bank_card/bind', { bank_name: 'ICBC', card_number: CARD, real_name: 'Li' });
  const apply = (password: string) =>
    get(anchor.token, '/api/Balance/applyForWithdrawal', { amount: 200, pay_password: password, key: key() });
  for (let i = 4; i >= 1; i--) {
    const wrong = await apply('000000');
    expect(wrong.body.code).toBe(1);
    expect(wrong.body.msg).toContain(`${i}`);
  }
  const locked = await apply('000000');
  expect(locked.status).toBe(429);
  expect(locked.body.msg).toMatch(/locked/i);
  // Even the right password is refused while locked.
  expect((await apply('246810')).status).toBe(429);
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(1000);

  const other = await anchorWithEarnings(1000);
  const noPassword = await makeSignedInUser(testDb.db, { isAnchor: true });
  await fund(noPassword.user.id, 'yellow', 500);
  await get(noPassword.token, '/api/Bank_card/bind', {
    bank_name: 'ICBC',
    card_number: CARD,
    real_name: 'Li',
  });
  const unset = await get(noPassword.token, '/api/Balance/applyForWithdrawal', {
    amount: 200,
    pay_password: '123456',
    key: key(),
  });
  expect(unset.body.msg).toMatch(/payment PIN/i);
  // Another account is not affected by the lock.
  await get(other.token, '/api/Bank_card/bind', { bank_name: 'ICBC', card_number: CARD, real_name: 'Li' });
  const fine = await get(other.token, '/api/Balance/applyForWithdrawal', {
    amount: 200,
    pay_password: '246810',
    key: key(),
  });
  expect(fine.body.code).toBe(0);
});

it('converts earnings into star diamonds only when confirmed', async () => {
  const anchor = await anchorWithEarnings(400);
  const refused = await get(anchor.token, '/api/Balance/conversionBalance', { amount: 100, key: key() });
  expect(refused.body.code).toBe(1);
  expect(refused.body.msg).toMatch(/confirm/i);
  expect(
    (await get(anchor.token, '/api/Balance/conversionBalance', { amount: -1, confirm: 1 })).body.code,
  ).toBe(1);
  expect(
    (await get(anchor.token, '/api/Balance/conversionBalance', { amount: 900, confirm: 1 })).body.msg,
  ).toMatch(/not enough/i);
  const converted = await get<{ yellow: number; star: number }>(
    anchor.token,
    '/api/Balance/conversionBalance',
    {
      amount: 150,
      confirm: 1,
      key: key(),
    },
  );
  expect(converted.body.data).toMatchObject({ yellow: 150, star: 150 });
  const balances = await balancesOf(testDb.db, anchor.user.id);
  expect(balances).toMatchObject({ yellow: 250, star: 150 });
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

describe('who may withdraw: an earner (lib/earnings/earner.ts)', () => {
  const apply = (token: string) =>
    get(token, '/api/Balance/applyForWithdrawal', {
      amount: 200,
      type: 'alipay',
      pay_password: '246810',
      key: key(),
    });

  it('an approved expert binds an account, lists and applies like an anchor', async () => {
    const expert = await makeSignedInUser(testDb.db, { paymentPasswordHash: passwordHash });
    await testDb.db.insert(experts).values({
      userId: expert.user.id,
      sports: ['football'],
      experience: '十年足球数据分析',
      approvedAt: new Date('2026-05-01T00:00:00Z'),
    });
    // Before any sale: the list answers (nothing yet), applying meets the balance, not a role.
    const empty = await get<{ total: number; yellow: number }>(expert.token, '/api/Balance/withdrawalList');
    expect(empty.body.data).toMatchObject({ total: 0, yellow: 0 });
    const bound = await get(expert.token, '/api/Bank_card/bindAliPay', {
      account: '13800001234',
      real_name: '赵专家',
    });
    expect(bound.body.code).toBe(0);
    expect((await apply(expert.token)).body.msg).toMatch(/not enough/i);
    await fund(expert.user.id, 'yellow', 300);
    const applied = await apply(expert.token);
    expect(applied.body).toMatchObject({ code: 0, data: { amount: 200, status: 'pending' } });
    expect((await balancesOf(testDb.db, expert.user.id)).yellow).toBe(100);
  });

  it('anyone holding yellow diamonds may withdraw them; a plain user is refused and nothing moves', async () => {
    const holder = await makeSignedInUser(testDb.db, { paymentPasswordHash: passwordHash });
    const plain = await makeSignedInUser(testDb.db, { paymentPasswordHash: passwordHash });
    for (const user of [holder, plain])
      await get(user.token, '/api/Bank_card/bindAliPay', { account: 'someone@example.com', real_name: 'Li' });
    await fund(holder.user.id, 'yellow', 250);
    await fund(plain.user.id, 'star', 500);
    expect((await apply(holder.token)).body.code).toBe(0);
    // Star diamonds are bought, never withdrawn: they make no one an earner.
    const refused = await apply(plain.token);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      'Only streamers, experts and others who earn yellow diamonds can withdraw. Yellow diamonds come from gifts received as a streamer or plans sold as an expert.',
    );
    const zh = await call(`/api/Balance/withdrawalList`, { headers: { lang: 'zh-CN', token: plain.token } });
    expect(zh.body.msg).toBe(
      '只有主播、专家等有黄钻收益的用户才能提现。黄钻来自主播收到的礼物或专家售出的方案。',
    );
    expect(await balancesOf(testDb.db, plain.user.id)).toMatchObject({ star: 500, yellow: 0 });
    // Having withdrawn keeps the history open once the balance is spent.
    const listed = await get<{ total: number }>(holder.token, '/api/Balance/withdrawalList');
    expect(listed.body.data.total).toBe(1);
  });
});
