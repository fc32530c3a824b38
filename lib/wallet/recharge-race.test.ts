// Answers match the final state (issue 40 item 6): a sandbox confirm and a cancel of one order sent
// together serialise on the order's row. Whichever commits first wins; the cancel's answer is always the
// order's final status (never "cancelled" for an order that ends paid), the confirm that lost is refused,
// and the diamonds credited are exactly those of the orders that end paid. A provider's notification
// after a committed cancel still credits (the money was taken) as `paid_after_cancel`.

import { eq } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { secretFor } from '@/lib/system/secrets';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from './check';
import { balancesOf } from './ledger';
import { signSandboxNotify } from './payments/sandbox';
import { seedChargeRules } from './recharge';
import { chargeRules, payOrders } from './schema';

const NOW = new Date('2026-06-01T04:00:00Z');
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let packageId = 0;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
  await seedChargeRules(testDb.db);
  const [rule] = await testDb.db.select().from(chargeRules).where(eq(chargeRules.priceMinor, 600));
  packageId = rule!.id;
});
afterAll(() => testDb.close());

type Order = { order_no: string; status: string; diamonds: number };
const en = (token: string) => ({ lang: 'en', token });

async function pendingOrder(token: string) {
  const made = await call<{ order: Order }>(`/api/chargerules/payUrl?id=${packageId}&channel=sandbox`, {
    headers: en(token),
  });
  expect(made.body.data.order.status).toBe('pending');
  return made.body.data.order.order_no;
}
const decide = (token: string, orderNo: string, decision: 'confirm' | 'cancel') =>
  call<Order>('/api/pay/sandbox/decide', { json: { order_no: orderNo, decision }, headers: en(token) });
const statusOf = async (orderNo: string) =>
  (await testDb.db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)))[0]!.status;

it('50 confirm/cancel pairs sent together: the cancel answers the final status and credits match it', async () => {
  const buyers = await Promise.all(Array.from({ length: 50 }, () => makeSignedInUser(testDb.db)));
  const orders = await Promise.all(buyers.map((buyer) => pendingOrder(buyer.token)));
  const answers = await Promise.all(
    buyers.map((buyer, i) =>
      Promise.all([decide(buyer.token, orders[i]!, 'confirm'), decide(buyer.token, orders[i]!, 'cancel')]),
    ),
  );
  const outcomes = { paid: 0, cancelled: 0 };
  for (const [i, [confirm, cancel]] of answers.entries()) {
    const final = await statusOf(orders[i]!);
    expect(['paid', 'cancelled']).toContain(final);
    outcomes[final as 'paid' | 'cancelled']++;
    expect(cancel.body).toMatchObject({ code: 0, data: { status: final } });
    if (final === 'paid') expect(confirm.body).toMatchObject({ code: 0, data: { status: 'paid' } });
    else
      expect(confirm.body).toMatchObject({ code: 1, msg: 'This order is closed and can no longer be paid' });
    expect((await balancesOf(testDb.db, buyers[i]!.user.id)).star).toBe(final === 'paid' ? 60 : 0);
  }
  expect(outcomes.paid + outcomes.cancelled).toBe(50);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('a cancel after the payment answers it paid; a notification after a committed cancel still credits', async () => {
  const buyer = await makeSignedInUser(testDb.db);
  const paid = await pendingOrder(buyer.token);
  expect((await decide(buyer.token, paid, 'confirm')).body.data.status).toBe('paid');
  expect((await decide(buyer.token, paid, 'cancel')).body).toMatchObject({
    code: 0,
    data: { status: 'paid', diamonds: 60 },
  });
  expect(await statusOf(paid)).toBe('paid');

  const late = await pendingOrder(buyer.token);
  expect((await decide(buyer.token, late, 'cancel')).body.data.status).toBe('cancelled');
  const notify = signSandboxNotify(await secretFor(testDb.db, 'pay-sandbox'), {
    order_no: late,
    trade_no: 'SBX-late',
    status: 'paid',
    amount: 600,
  });
  const answer = await app.request('/api/pay/notify/sandbox', {
    method: 'POST',
    body: new URLSearchParams(notify),
  });
  expect(await answer.text()).toBe('success');
  expect(await statusOf(late)).toBe('paid_after_cancel');
  // Asked again, the cancel says what the order became.
  expect((await decide(buyer.token, late, 'cancel')).body.data.status).toBe('paid_after_cancel');
  expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(120);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});
