// The operations dashboard: days cut in the portal's zone, registrations and viewers per day, the peak of
// the minute samples, what waits now, the latest ledger check; every staff role may read it (others:
// staff-routes.test.ts).
import { hashPassword } from '@/lib/accounts/password';
import { returnWithdrawal } from '@/lib/earnings/payouts';
import { applyForWithdrawal, bindBankCard, decideWithdrawal } from '@/lib/earnings/service';
import { lastLedgerCheck, ledgerCheckJob } from '@/lib/jobs/ledger-check';
import { startJobQueue } from '@/lib/jobs/queue';
import { liveRooms } from '@/lib/live/schema';
import { createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { watchTime } from '@/lib/tasks/schema';
import { apiCaller } from '@/lib/testing/api';
import { NOON, shifted } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { dashboardDays, sampleViewers } from './dashboard';

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));
const HOUR = 3_600_000;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

it('lists seven local days ending today, in the zone asked for', () => {
  expect(dashboardDays(NOON, 'Asia/Shanghai')).toEqual([
    '2026-06-09',
    '2026-06-10',
    '2026-06-11',
    '2026-06-12',
    '2026-06-13',
    '2026-06-14',
    '2026-06-15',
  ]);
  // 20:00 UTC is already the next day in Shanghai.
  expect(dashboardDays(shifted(NOON, 8 * HOUR), 'Asia/Shanghai').at(-1)).toBe('2026-06-16');
  expect(dashboardDays(shifted(NOON, 8 * HOUR), 'UTC').at(-1)).toBe('2026-06-15');
});

it('counts per day and shows what waits now', async () => {
  const moderator = await makeSignedInUser(testDb.db, {
    role: 'moderator',
    createdAt: shifted(NOON, -30 * 24 * HOUR),
  });
  const finance = await makeSignedInUser(testDb.db, {
    role: 'finance',
    createdAt: shifted(NOON, -30 * 24 * HOUR),
  });
  // Two registrations today (Shanghai), one yesterday: 15:30 UTC on the 14th is 23:30 there.
  const today = [
    await makeUser(testDb.db, { createdAt: shifted(NOON, -HOUR) }),
    await makeUser(testDb.db, { createdAt: NOON }),
  ];
  await makeUser(testDb.db, { createdAt: new Date('2026-06-14T15:30:00Z') });
  await testDb.db
    .insert(watchTime)
    .values(today.map((user) => ({ userId: user.id, day: '2026-06-15', seconds: 600, lastBeatAt: NOON })));
  const anchor = await makeUser(testDb.db, { isAnchor: true, createdAt: shifted(NOON, -30 * 24 * HOUR) });
  await testDb.db.insert(liveRooms).values({ anchorId: anchor.id, status: 'live' });
  await sampleViewers(testDb.db, shifted(NOON, -2 * HOUR), async () => 40);
  await sampleViewers(testDb.db, shifted(NOON, -HOUR), async () => 25);
  await sampleViewers(testDb.db, shifted(NOON, -HOUR + 20_000), async () => 99); // the same minute: kept once

  for (const token of [moderator.token, finance.token]) {
    const { body } = await call<{
      days: { day: string; registrations: number; activeViewers: number; peakViewers: number | null }[];
      now: { onAir: number; viewersNow: number | null };
    }>('/api/admin/ops/dashboard', { headers: { token } });
    expect(body.code).toBe(0);
    expect(body.data.days).toHaveLength(7);
    expect(body.data.days.at(-1)).toMatchObject({
      day: '2026-06-15',
      registrations: 2,
      activeViewers: 2,
      peakViewers: 40,
    });
    expect(body.data.days.at(-2)).toMatchObject({ day: '2026-06-14', registrations: 1, peakViewers: null });
    expect(body.data.now).toMatchObject({ onAir: 1, viewersNow: 25 });
    // No ledger check has run on this database yet.
    expect(body.data).toMatchObject({ ledger: null });
  }
});

it('says what the latest ledger check found', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const node = await startJobQueue(testDb.db, {
    jobs: [ledgerCheckJob(HOLDINGS)],
    clock: () => NOON,
    pollingIntervalSeconds: 0.5,
  });
  try {
    for (let waited = 0; !(await lastLedgerCheck(testDb.db)); waited += 100) {
      if (waited > 30_000) throw new Error('the ledger check did not run');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await node.stop();
  }
  const { body } = await call('/api/admin/ops/dashboard', { headers: { token: finance.token } });
  expect(body.data).toMatchObject({
    ledger: { checkedAt: NOON.toISOString(), problems: 0, firstProblem: null, openItems: 0 },
  });
});

it('counts approved withdrawals waiting for payment beside those waiting for review', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const anchor = await makeUser(testDb.db, {
    isAnchor: true,
    paymentPasswordHash: await hashPassword('246810'),
  });
  await fundUser(testDb.db, anchor.id, 'yellow', 5000, NOON);
  await bindBankCard(
    testDb.db,
    anchor.id,
    { bankName: 'ICBC', cardNumber: '6222020200112233446', realName: 'Li Lei' },
    NOON,
  );
  const apply = async (key: string) =>
    (
      await applyForWithdrawal(
        testDb.db,
        anchor.id,
        { amount: 300, method: 'bank', paymentPassword: '246810', key },
        { min: 100, feePercent: 0 },
        NOON,
      )
    ).result.id;
  const [pending, first, second, refused] = [
    await apply('a'),
    await apply('b'),
    await apply('c'),
    await apply('d'),
  ];
  expect(pending).toBeGreaterThan(0);
  for (const id of [first, second]) await decideWithdrawal(testDb.db, finance.user.id, id, 'approve', NOON);
  await decideWithdrawal(testDb.db, finance.user.id, refused, 'reject', NOON);
  const { body } = await call<{ now: { withdrawalsWaiting: number; payoutsWaiting: number } }>(
    '/api/admin/ops/dashboard',
    { headers: { token: finance.token } },
  );
  expect(body.data.now).toMatchObject({ withdrawalsWaiting: 1, payoutsWaiting: 2 });
  // Returning one takes it off the payment count; bad input changes nothing.
  await returnWithdrawal(testDb.db, finance.user.id, first, { code: 'bank_returned', note: '' }, NOON);
  await expect(
    returnWithdrawal(testDb.db, finance.user.id, pending, { code: 'bank_returned', note: '' }, NOON),
  ).rejects.toMatchObject({ code: 'WITHDRAWAL_RETURN_PENDING' });
  const after = await call<{ now: { withdrawalsWaiting: number; payoutsWaiting: number } }>(
    '/api/admin/ops/dashboard',
    { headers: { token: finance.token } },
  );
  expect(after.body.data.now).toMatchObject({ withdrawalsWaiting: 1, payoutsWaiting: 1 });
  // A viewer has no dashboard.
  const viewer = await makeSignedInUser(testDb.db);
  expect((await call('/api/admin/ops/dashboard', { headers: { token: viewer.token } })).status).toBe(403);
});
