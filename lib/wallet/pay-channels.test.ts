// Pay channels kept by finance: each channel with whether it is configured here (never a secret), switched
// off and on without a restart — the channels call and a new order follow at once, an order made before
// still settles — bad input refused in the caller's language and changing nothing, the audit's before and
// after, other roles refused.
import { sql } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { seedChargeRules } from './recharge';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
  await seedChargeRules(testDb.db);
});
afterAll(() => testDb.close());

type Channel = { channel: string; configured: boolean; active: boolean; sort: number };
const staffList = async (token: string) =>
  (await call<{ list: Channel[] }>('/api/admin/payChannels/list', { headers: { token } })).body.data.list;
const save = (token: string, json: object) =>
  call<Channel>('/api/admin/payChannels/save', { headers: { token, lang: 'vi' }, json });
const offered = async () =>
  (await call<{ list: { channel: string }[] }>('/api/pay/getPayChannelList')).body.data.list.map(
    (row) => row.channel,
  );

it('lists every channel with whether it is configured, and no secret', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'finance' });
  const list = await staffList(token);
  expect(list).toEqual([
    { channel: 'alipay', configured: false, active: true, sort: 1 },
    { channel: 'vnpay', configured: false, active: true, sort: 2 },
    { channel: 'sandbox', configured: true, active: true, sort: 3 },
  ]);
  expect(await offered()).toEqual(['sandbox']);
});

it('switching a channel off hides it and refuses new orders at once; an order made before still settles; the audit keeps before and after', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'finance' });
  const buyer = await makeSignedInUser(testDb.db);
  const { rows: rules } = await testDb.db.execute<{ id: number }>(
    sql`select id from charge_rules where price_currency = 'CNY' order by sort limit 1`,
  );
  const payUrl = () =>
    call<{ order: { order_no: string } }>(`/api/chargerules/payUrl?id=${rules[0]!.id}&channel=sandbox`, {
      headers: { token: buyer.token, lang: 'en' },
    });
  const earlier = (await payUrl()).body.data.order.order_no;

  expect((await save(token, { channel: 'sandbox', active: false, sort: 3 })).body).toMatchObject({
    code: 0,
    data: { channel: 'sandbox', configured: true, active: false },
  });
  expect(await offered()).toEqual([]);
  expect((await payUrl()).body).toMatchObject({ code: 1 });
  const settled = await call<{ status: string }>('/api/pay/sandbox/decide', {
    json: { order_no: earlier, decision: 'confirm' },
    headers: { token: buyer.token },
  });
  expect(settled.body.data.status).toBe('paid');

  const { rows } = await testDb.db.execute<{ before: Channel; after: Channel }>(
    sql`select before, after from audit_log
        where action = '/api/admin/payChannels/save' and target_id = 'sandbox' order by id desc limit 1`,
  );
  expect(rows[0]).toMatchObject({ before: { active: true }, after: { active: false } });

  await save(token, { channel: 'sandbox', active: true, sort: 0 });
  expect(await offered()).toEqual(['sandbox']);
  expect((await staffList(token))[0]).toMatchObject({ channel: 'sandbox', sort: 0 });
  expect((await payUrl()).body.code).toBe(0);
});

it('refuses bad input in the caller’s language and changes nothing; other roles are refused', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const before = await staffList(finance.token);
  for (const bad of [
    { channel: 'paypal', active: true },
    { channel: 'sandbox', active: 'maybe' },
    { channel: 'sandbox', active: true, sort: -1 },
  ]) {
    const refused = await save(finance.token, bad);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i);
  }
  expect(await staffList(finance.token)).toEqual(before);
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  expect((await save(moderator.token, { channel: 'sandbox', active: false })).status).toBe(403);
  expect((await call('/api/admin/payChannels/list', { headers: { token: moderator.token } })).status).toBe(
    403,
  );
});
