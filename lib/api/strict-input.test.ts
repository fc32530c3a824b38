// The input rule every route shares (./strict-input.ts), through real routes: values of the wrong kind are
// refused with the field's name and move nothing; the plain forms of the same values are accepted.
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { balancesOf } from '@/lib/wallet/ledger';

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db }));

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

async function anchorWithYellow(amount: number) {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  await fundUser(testDb.db, anchor.user.id, 'yellow', amount);
  return anchor;
}

const convert = (token: string, amount: unknown) =>
  call('/api/Balance/conversionBalance', { headers: { lang: 'en', token }, json: { amount, confirm: 1 } });

it.each([
  ['a JSON boolean', true],
  ['an array', [5]],
  ['a hex string', '0x10'],
  ['an exponent string', '1e3'],
  ['a padded string', ' 100 '],
  ['an object', { valueOf: 5 }],
  ['a fraction string for a whole number', '1.5'],
])('refuses %s where a number is expected, naming the field and moving nothing', async (_, amount) => {
  const anchor = await anchorWithYellow(2000);
  const before = await balancesOf(testDb.db, anchor.user.id);
  const response = await convert(anchor.token, amount);
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ code: 1, msg: expect.stringMatching(/amount/i) });
  expect(await balancesOf(testDb.db, anchor.user.id)).toEqual(before);
});

it('accepts a JSON number and a string of plain digits', async () => {
  const anchor = await anchorWithYellow(2000);
  expect((await convert(anchor.token, 16)).body.code).toBe(0);
  expect((await convert(anchor.token, '100')).body.code).toBe(0);
  const query = await call('/api/Balance/conversionBalance?amount=4&confirm=1', {
    headers: { lang: 'en', token: anchor.token },
  });
  expect(query.body.code).toBe(0);
  expect(await balancesOf(testDb.db, anchor.user.id)).toMatchObject({ yellow: 2000 - 120, star: 120 });
});

it('refuses booleans other than true, false, 1 and 0', async () => {
  const anchor = await anchorWithYellow(100);
  const refused = await call('/api/Balance/conversionBalance?amount=4&confirm=yes', {
    headers: { lang: 'zh-CN', token: anchor.token },
  });
  expect(refused.status).toBe(400);
  expect(refused.body.msg).toMatch(/\S/);
});

it.each([
  ['/api/videocclassification/search?name=%00', undefined],
  ['/api/Search/record', { name: 'a\u0000b' }],
  ['/api/Search/record', { name: 'a\ud800b' }],
  ['/api/pay/orderInfo?order_no=%00', undefined],
])('refuses NUL and unpaired surrogates with a 400 (%s)', async (path, json) => {
  const user = await makeSignedInUser(testDb.db);
  const response = await call(path, { headers: { lang: 'vi', token: user.token }, json });
  expect(response.status).toBe(400);
  expect(response.body.code).toBe(1);
  expect(response.body.msg).toContain('không hợp lệ');
});
