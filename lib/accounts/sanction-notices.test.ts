// Notices people can read (#41 item 7): a refusal with a time says it in the reader's zone (the one they
// chose, else their browser's, else the portal's) and language, naming the zone; a mute's notice keeps its
// end and reason code for the message centre to write in the reader's zone and language; lifting a mute
// or a ban early tells the person too.
import { eq } from 'drizzle-orm';
import { notices } from '@/lib/im/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { users } from './schema';
import { createSession } from './session';

// 2026-06-01 04:00 UTC: New York is on daylight time (UTC−4), Shanghai UTC+8.
const now = new Date('2026-06-01T04:00:00Z');
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
});
afterAll(() => testDb.close());

const hours = (n: number) => new Date(now.getTime() + n * 3_600_000).toISOString();
const staffCall = (token: string, path: string, json: object) =>
  call(path, { headers: { lang: 'en', token }, json });

async function mutedUser(timeZone: string | null) {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const muted = await makeSignedInUser(testDb.db);
  if (timeZone) await testDb.db.update(users).set({ timeZone }).where(eq(users.id, muted.user.id));
  const given = await staffCall(moderator.token, '/api/admin/users/sanction', {
    user_id: muted.user.id,
    kind: 'mute',
    until: hours(3),
    reason_code: 'abuse',
    reason: '辱骂其他观众',
  });
  expect(given.body.code).toBe(0);
  return { moderator, muted };
}

const post = (token: string, headers: Record<string, string>) =>
  call('/api/im/send', { headers: { token, ...headers }, json: { user_id: 1, text: 'hello' } });

it("writes a mute's end in the zone the person chose, in their language, naming the zone", async () => {
  const { muted } = await mutedUser('America/New_York');
  const en = await post(muted.token, { lang: 'en', 'accept-language': 'en-US' });
  expect(en.status).toBe(403);
  expect(en.body.msg).toBe('You are muted until Jun 1, 2026, 3:00 AM (New York, UTC−4)');
  const zh = await post(muted.token, { lang: 'zh-CN' });
  expect(zh.body.msg).toMatch(/^你已被禁言，解除时间：2026年6月1日 03:00（.+ UTC−4）$/);
  // The chosen zone wins over the browser's cookie.
  const cookie = await post(muted.token, { lang: 'vi', cookie: 'tz=Asia%2FHo_Chi_Minh' });
  expect(cookie.body.msg).toContain('UTC−4');
  expect(cookie.body.msg).toMatch(/^Bạn bị cấm phát ngôn đến /);
});

it("without a chosen zone: the browser's (its cookie), else the portal's; never bare UTC", async () => {
  const { muted } = await mutedUser(null);
  const browser = await post(muted.token, {
    lang: 'en',
    'accept-language': 'en-GB',
    cookie: 'tz=Europe%2FLondon',
  });
  expect(browser.body.msg).toBe('You are muted until 1 Jun 2026, 08:00 (London, UTC+1)');
  const portal = await post(muted.token, { lang: 'zh-TW' });
  expect(portal.body.msg).toBe('你已被禁言，解除時間：2026年6月1日 下午3:00（北京時間 UTC+8）');
});

it('refuses a banned sign-in with the end in the zone the person chose', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const banned = await makeSignedInUser(testDb.db);
  await testDb.db.update(users).set({ timeZone: 'Asia/Ho_Chi_Minh' }).where(eq(users.id, banned.user.id));
  const given = await staffCall(moderator.token, '/api/admin/users/sanction', {
    user_id: banned.user.id,
    kind: 'ban',
    until: hours(48),
    reason_code: 'fraud',
  });
  expect(given.body.code).toBe(0);
  await expect(createSession(testDb.db, banned.user.id, now)).rejects.toMatchObject({
    code: 'ACCOUNT_BANNED',
    options: { values: { until: { instant: new Date(hours(48)), timeZone: 'Asia/Ho_Chi_Minh' } } },
  });
});

it("a mute's notice keeps the end and the code for the reader; unmute and unban tell the person", async () => {
  const { moderator, muted } = await mutedUser('America/New_York');
  const lift = (kind: 'mute' | 'ban', reason_code: string, reason: string) =>
    staffCall(moderator.token, '/api/admin/users/lift', {
      user_id: muted.user.id,
      kind,
      reason_code,
      reason,
    });
  expect((await lift('mute', 'appeal_accepted', '申诉成立')).body.code).toBe(0);
  const given = await staffCall(moderator.token, '/api/admin/users/sanction', {
    user_id: muted.user.id,
    kind: 'ban',
    until: hours(24),
    reason_code: 'spam',
  });
  expect(given.body.code).toBe(0);
  expect((await lift('ban', 'mistake', '')).body.code).toBe(0);

  // The ban ended the person's sessions: the rows the message centre will read.
  const rows = await testDb.db
    .select({ subject: notices.subject, params: notices.params })
    .from(notices)
    .where(eq(notices.userId, muted.user.id))
    .orderBy(notices.id);
  expect(rows).toEqual([
    {
      subject: 'sanctioned',
      params: { kind: 'mute', until: hours(3), reason: 'abuse', note: '辱骂其他观众' },
    },
    { subject: 'sanction_lifted', params: { kind: 'mute', reason: 'appeal_accepted', note: '申诉成立' } },
    { subject: 'sanctioned', params: { kind: 'ban', until: hours(24), reason: 'spam', note: '' } },
    { subject: 'sanction_lifted', params: { kind: 'ban', reason: 'mistake', note: '' } },
  ]);
});
