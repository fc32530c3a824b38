// Recharge through the API and the providers: packages, channels, the sandbox checkout crediting
// exactly once, Alipay (RSA2) and VNPay (HMAC-SHA512) notifications signed with test keys, bad
// signatures and replays, and the details list.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { buildPaymentUrlSearchParams, calculateSecureHash } from 'vnpay';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { secretFor } from '@/lib/system/secrets';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from './check';
import { balancesOf } from './ledger';
import { alipayProvider } from './payments/alipay';
import { signSandboxNotify } from './payments/sandbox';
import { vnpayProvider } from './payments/vnpay';
import { createOrder, seedChargeRules, settleNotification } from './recharge';
import { chargeRules, payOrders } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
const now = new Date('2026-06-01T08:00:00Z');

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
  await seedChargeRules(testDb.db);
});
afterAll(() => testDb.close());

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
type Rule = { id: number; diamonds: number; bonus: number; price_minor: number; price_currency: string };
type Order = { order_no: string; status: string; diamonds: number; price_minor: number };

async function rule(currency: string, diamonds: number) {
  const [row] = await testDb.db
    .select()
    .from(chargeRules)
    .where(and(eq(chargeRules.priceCurrency, currency), eq(chargeRules.diamonds, diamonds)));
  return row!;
}

describe('packages and channels', () => {
  it('lists packages per currency and the channels on a fresh install', async () => {
    const all = await call<{ list: Rule[] }>('/api/chargerules/getList', { method: 'POST', json: {} });
    expect(all.body.data.list.length).toBeGreaterThan(5);
    const cny = await call<{ list: Rule[] }>('/api/chargerules/getList', {
      method: 'POST',
      json: { currency: 'CNY' },
    });
    expect(cny.body.data.list[0]).toMatchObject({ diamonds: 60, price_minor: 600, price_currency: 'CNY' });
    const bad = await call('/api/chargerules/getList', {
      method: 'POST',
      json: { currency: 'USD' },
      headers: en(),
    });
    expect(bad.body.code).toBe(1);
    const channels = await call<{ list: { channel: string; name: string }[] }>('/api/pay/getPayChannelList', {
      headers: en(),
    });
    expect(channels.body.data.list).toEqual([
      { channel: 'sandbox', name: 'Sandbox (test payments)', currencies: ['CNY', 'VND'] },
    ]);
    const types = await call<{ list: { type: string; name: string }[] }>('/api/order/getTypeList', {
      headers: en(),
    });
    expect(types.body.data.list.map((t) => t.type)).toEqual(['all', 'recharge', 'expense', 'income', 'coin']);
  });
});

describe('sandbox checkout', () => {
  it('makes an order, confirms it once, and the details show the top-up', async () => {
    const buyer = await makeSignedInUser(testDb.db);
    const pkg = await rule('CNY', 680);
    const made = await call<{ url: string; order: Order }>(
      `/api/chargerules/payUrl?id=${pkg.id}&channel=sandbox`,
      {
        headers: { ...en(buyer.token), host: 'portal.test' },
      },
    );
    expect(made.body.data.url).toBe(`http://portal.test/pay/sandbox?order=${made.body.data.order.order_no}`);
    expect(made.body.data.order).toMatchObject({ status: 'pending', diamonds: 700, price_minor: 6800 });
    const orderNo = made.body.data.order.order_no;
    const paid = await call<Order>('/api/pay/sandbox/decide', {
      json: { order_no: orderNo, decision: 'confirm' },
      headers: en(buyer.token),
    });
    expect(paid.body.data.status).toBe('paid');
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(700);
    const again = await call('/api/pay/sandbox/decide', {
      json: { order_no: orderNo, decision: 'confirm' },
      headers: en(buyer.token),
    });
    // A confirm retried after its answer was lost (a crash) answers as the first did, crediting nothing more.
    expect(again.body).toEqual(paid.body);
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(700);
    // The provider path: a replayed signed notification is acknowledged and credits nothing more.
    const secret = await secretFor(testDb.db, 'pay-sandbox');
    const notify = signSandboxNotify(secret, {
      order_no: orderNo,
      trade_no: 'SBX',
      status: 'paid',
      amount: 6800,
    });
    const replay = await app.request('/api/pay/notify/sandbox', {
      method: 'POST',
      body: new URLSearchParams(notify),
    });
    expect(await replay.text()).toBe('success');
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(700);
    const forged = await app.request('/api/pay/notify/sandbox', {
      method: 'POST',
      body: new URLSearchParams({ ...notify, amount: '1', sign: notify.sign }),
    });
    expect(forged.status).toBe(400);

    const details = await call<{ total: number; list: { kind: string; amount: number; currency: string }[] }>(
      '/api/Order/getList?type=recharge',
      { headers: en(buyer.token) },
    );
    expect(details.body.data.list).toEqual([
      expect.objectContaining({ kind: 'recharge', amount: 700, currency: 'star' }),
    ]);
    const orders = await call<{ list: Order[] }>('/api/Order/getList?type=orders', {
      headers: en(buyer.token),
    });
    expect(orders.body.data.list[0]).toMatchObject({ order_no: orderNo, status: 'paid' });
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });

  it('cancels without moving money; strangers and bad packages are refused', async () => {
    const buyer = await makeSignedInUser(testDb.db);
    const stranger = await makeSignedInUser(testDb.db);
    const pkg = await rule('CNY', 60);
    const made = await call<{ order: Order }>(`/api/chargerules/payUrl?id=${pkg.id}`, {
      headers: en(buyer.token),
    });
    const orderNo = made.body.data.order.order_no;
    const theirs = await call('/api/pay/sandbox/decide', {
      json: { order_no: orderNo, decision: 'confirm' },
      headers: en(stranger.token),
    });
    expect(theirs.body).toMatchObject({ code: 1, msg: "That order doesn't exist" });
    const cancelled = await call<Order>('/api/pay/sandbox/decide', {
      json: { order_no: orderNo, decision: 'cancel' },
      headers: en(buyer.token),
    });
    expect(cancelled.body.data.status).toBe('cancelled');
    const cancelledAgain = await call<Order>('/api/pay/sandbox/decide', {
      json: { order_no: orderNo, decision: 'cancel' },
      headers: en(buyer.token),
    });
    expect(cancelledAgain.body).toEqual(cancelled.body);
    const late = await call('/api/pay/sandbox/decide', {
      json: { order_no: orderNo, decision: 'confirm' },
      headers: en(buyer.token),
    });
    expect(late.body.code).toBe(1);
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(0);
    const missing = await call('/api/chargerules/payUrl?id=999999', { headers: en(buyer.token) });
    expect(missing.body).toMatchObject({ code: 1, msg: "That top-up package doesn't exist" });
    const off = await call(`/api/chargerules/payUrl?id=${pkg.id}&channel=alipay`, {
      headers: en(buyer.token),
    });
    expect(off.body).toMatchObject({ code: 1, msg: 'This payment method is not available' });
    const guest = await call(`/api/chargerules/payUrl?id=${pkg.id}`);
    expect(guest.body.code).toBe(700);
  });
});

describe('a payment that arrives after the buyer cancelled', () => {
  it('credits once (the money was taken) and marks the order paid_after_cancel', async () => {
    const buyer = await makeSignedInUser(testDb.db);
    const pkg = await rule('CNY', 60);
    const made = await call<{ order: Order }>(`/api/chargerules/payUrl?id=${pkg.id}`, {
      headers: en(buyer.token),
    });
    const orderNo = made.body.data.order.order_no;
    await call('/api/pay/sandbox/decide', {
      json: { order_no: orderNo, decision: 'cancel' },
      headers: en(buyer.token),
    });
    const [order] = await testDb.db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo));
    const notify = signSandboxNotify(await secretFor(testDb.db, 'pay-sandbox'), {
      order_no: orderNo,
      trade_no: `SBX${order!.id}`,
      status: 'paid',
      amount: order!.priceMinor,
    });
    const first = await app.request(`/api/pay/notify/sandbox?${new URLSearchParams(notify)}`);
    expect(first.status).toBe(200);
    const replay = await app.request(`/api/pay/notify/sandbox?${new URLSearchParams(notify)}`);
    expect(replay.status).toBe(200);
    const info = await call<Order>(`/api/pay/orderInfo?order_no=${orderNo}`, { headers: en(buyer.token) });
    expect(info.body.data.status).toBe('paid_after_cancel');
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(pkg.diamonds + pkg.bonus);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});

describe('Alipay adapter (alipay-sdk, RSA2)', () => {
  const app_ = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = alipayProvider({
    appId: '2021000000000001',
    privateKey: app_.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  /** Signs a notification the way Alipay does: sorted k=v pairs without sign and sign_type, RSA-SHA256. */
  function alipayNotify(fields: Record<string, string>, key = alipay.privateKey) {
    const content = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const sign = createSign('RSA-SHA256').update(content).sign(key, 'base64');
    return { ...fields, sign, sign_type: 'RSA2' };
  }

  it('builds the page-pay address, credits a verified notification once, refuses a bad signature', async () => {
    const buyer = await makeSignedInUser(testDb.db);
    const pkg = await rule('CNY', 300);
    const { order, url } = await createOrder(
      testDb.db,
      buyer.user.id,
      { ruleId: pkg.id, channel: 'sandbox' },
      { origin: 'https://portal.test', clientIp: '1.2.3.4', now },
      'Top-up',
    );
    await testDb.db.update(payOrders).set({ channel: 'alipay' }).where(eq(payOrders.id, order.id));
    expect(url).toContain('/pay/sandbox');
    const pageUrl = await provider.payUrl(
      { orderNo: order.orderNo, priceMinor: 3000, priceCurrency: 'CNY', subject: 'Top-up' },
      { origin: 'https://portal.test', clientIp: '1.2.3.4', now },
    );
    expect(pageUrl).toMatch(/^https:\/\/openapi\.alipay\.com\/gateway\.do\?/);
    expect(decodeURIComponent(pageUrl)).toContain(order.orderNo);
    const fields = {
      app_id: '2021000000000001',
      out_trade_no: order.orderNo,
      trade_no: '2026060122001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '30.00',
      notify_time: '2026-06-01 16:00:00',
    };
    const forged = alipayNotify(fields, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    await expect(settleNotification(testDb.db, provider, forged, now)).rejects.toMatchObject({
      code: 'PAY_BAD_SIGNATURE',
    });
    const tampered = { ...alipayNotify(fields), total_amount: '0.01' };
    await expect(settleNotification(testDb.db, provider, tampered, now)).rejects.toMatchObject({
      code: 'PAY_BAD_SIGNATURE',
    });
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(0);
    const good = alipayNotify(fields);
    expect(await settleNotification(testDb.db, provider, good, now)).toMatchObject({
      status: 'paid',
      replayed: false,
    });
    expect(await settleNotification(testDb.db, provider, good, now)).toMatchObject({ replayed: true });
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(300);
    const wrongAmount = alipayNotify({ ...fields, total_amount: '1.00' });
    await expect(settleNotification(testDb.db, provider, wrongAmount, now)).rejects.toMatchObject({
      code: 'PAY_AMOUNT_MISMATCH',
    });
  });
});

describe('VNPay adapter (vnpay, HMAC-SHA512)', () => {
  const secret = 'TESTSECRETTESTSECRETTESTSECRET12';
  const provider = vnpayProvider({ tmnCode: 'TESTTMN1', secureSecret: secret });
  function vnpayNotify(fields: Record<string, string>, key = secret) {
    const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)));
    const data = buildPaymentUrlSearchParams(sorted).toString();
    const hash = calculateSecureHash({
      secureSecret: key,
      data,
      hashAlgorithm: 'SHA512' as never,
      bufferEncode: 'utf-8',
    });
    return { ...fields, vnp_SecureHash: hash };
  }

  it('builds the payment address, credits a verified IPN once, refuses a bad checksum', async () => {
    const buyer = await makeSignedInUser(testDb.db);
    const pkg = await rule('VND', 300);
    const { order } = await createOrder(
      testDb.db,
      buyer.user.id,
      { ruleId: pkg.id, channel: 'sandbox' },
      { origin: 'https://portal.test', clientIp: '1.2.3.4', now },
      'Top-up',
    );
    await testDb.db.update(payOrders).set({ channel: 'vnpay' }).where(eq(payOrders.id, order.id));
    const payUrl = await provider.payUrl(
      { orderNo: order.orderNo, priceMinor: 100000, priceCurrency: 'VND', subject: 'Nap kim cuong' },
      { origin: 'https://portal.test', clientIp: '1.2.3.4', now },
    );
    expect(payUrl).toContain('sandbox.vnpayment.vn');
    expect(payUrl).toContain(`vnp_TxnRef=${order.orderNo}`);
    expect(payUrl).toContain('vnp_Amount=10000000');
    const fields = {
      vnp_Amount: '10000000',
      vnp_BankCode: 'NCB',
      vnp_OrderInfo: 'Nap kim cuong',
      vnp_PayDate: '20260601150000',
      vnp_ResponseCode: '00',
      vnp_TmnCode: 'TESTTMN1',
      vnp_TransactionNo: '14000001',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: order.orderNo,
    };
    await expect(
      settleNotification(testDb.db, provider, vnpayNotify(fields, 'WRONGSECRET'), now),
    ).rejects.toMatchObject({
      code: 'PAY_BAD_SIGNATURE',
    });
    const good = vnpayNotify(fields);
    expect(await settleNotification(testDb.db, provider, good, now)).toMatchObject({
      status: 'paid',
      replayed: false,
    });
    expect(await settleNotification(testDb.db, provider, good, now)).toMatchObject({ replayed: true });
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(300);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});
