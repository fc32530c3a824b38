// System settings from the console: saved values apply at once to what the public calls answer, unset
// values fall back to the environment, the change is audited with before/after; bad input changes nothing.
import { eq } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { getConfig } from '@/lib/config';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { effectiveSettings, freshSettings, GIFT_CONFIRM_STARS_DEFAULT, loadSettings } from './settings';

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

it('applies saved settings without a restart, and goes back to the environment when unset', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const headers = { token: operator.token, lang: 'en' };
  const kefu = async () => (await call<{ email: string }>('/api/user/getKefuInfo')).body.data.email;
  expect(await kefu()).toBe(getConfig().CUSTOMER_SERVICE_EMAIL);

  const saved = await call<{ effective: { customerServiceEmail: string; feedSpeed: number } }>(
    '/api/admin/settings/save',
    {
      headers,
      json: {
        productName: '测试直播',
        customerServiceEmail: 'help@example.org',
        mobileSiteUrl: 'https://m.example.org/',
        feedSpeed: 15,
        feedPaused: true,
        reason: 'launch',
      },
    },
  );
  expect(saved.body.code).toBe(0);
  expect(saved.body.data.effective).toMatchObject({
    customerServiceEmail: 'help@example.org',
    feedSpeed: 15,
  });
  expect(await kefu()).toBe('help@example.org');
  expect(effectiveSettings()).toMatchObject({
    productName: '测试直播',
    mobileSiteUrl: 'https://m.example.org',
    feedSpeed: 15,
    feedPaused: true,
  });

  const [entry] = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/settings/save'));
  expect(entry).toMatchObject({ targetType: 'settings', before: {}, reason: 'launch' });
  expect(entry!.after).toMatchObject({ customerServiceEmail: 'help@example.org', feedPaused: true });

  const unset = await call('/api/admin/settings/save', {
    headers,
    json: { customerServiceEmail: null, feedPaused: null },
  });
  expect(unset.body.code).toBe(0);
  expect(await kefu()).toBe(getConfig().CUSTOMER_SERVICE_EMAIL);
  const view = await call<{ stored: object; effective: { feedPaused: boolean; productName: string } }>(
    '/api/admin/settings',
    { headers },
  );
  expect(view.body.data.stored).toEqual({
    productName: '测试直播',
    mobileSiteUrl: 'https://m.example.org',
    feedSpeed: 15,
    smsHttpTokenSet: false,
  });
  expect(view.body.data.effective).toMatchObject({ feedPaused: false, productName: '测试直播' });
  // Another process reads the same through its own snapshot.
  expect(await loadSettings(testDb.db)).toMatchObject({ feedSpeed: 15 });
  expect(await freshSettings(testDb.db)).toMatchObject({ productName: '测试直播' });
});

it('refuses bad values and an empty save, changing nothing', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const headers = { token: operator.token, lang: 'en' };
  const before = (await call('/api/admin/settings', { headers })).body.data;
  for (const json of [
    {},
    { customerServiceEmail: 'not-an-email' },
    { mobileSiteUrl: 'javascript:alert(1)' },
    { mobileSiteUrl: 'ftp://m.example.org' },
    { feedSpeed: 0 },
    { feedSpeed: 601 },
    { productName: '' },
    { productName: 'x'.repeat(41) },
    { feedPaused: 'yes' },
    { giftConfirmStars: 0 },
    { giftConfirmStars: 1.5 },
    { giftConfirmStars: 'lots' },
  ]) {
    const refused = await call('/api/admin/settings/save', { headers, json });
    expect([JSON.stringify(json), refused.body.code]).toEqual([JSON.stringify(json), 1]);
  }
  expect((await call('/api/admin/settings', { headers })).body.data).toEqual(before);
});

it('sets the gift value from which a send asks for confirmation, and unsets it back to the default', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const headers = { token: operator.token, lang: 'en' };
  expect(effectiveSettings().giftConfirmStars).toBe(GIFT_CONFIRM_STARS_DEFAULT);
  const saved = await call<{ effective: { giftConfirmStars: number } }>('/api/admin/settings/save', {
    headers,
    json: { giftConfirmStars: 520 },
  });
  expect(saved.body).toMatchObject({ code: 0, data: { effective: { giftConfirmStars: 520 } } });
  expect((await loadSettings(testDb.db)).giftConfirmStars).toBe(520);
  const viewer = await makeSignedInUser(testDb.db);
  expect(
    (
      await call('/api/admin/settings/save', {
        headers: { token: viewer.token },
        json: { giftConfirmStars: 1 },
      })
    ).body.code,
  ).not.toBe(0);
  expect(effectiveSettings().giftConfirmStars).toBe(520);
  await call('/api/admin/settings/save', { headers, json: { giftConfirmStars: null } });
  expect(effectiveSettings().giftConfirmStars).toBe(GIFT_CONFIRM_STARS_DEFAULT);
});
