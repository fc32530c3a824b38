// The settings operators need (#41 item 8), each changed through the console's route and obeyed by the
// very next request, without a restart: who may register, the rate limits of room chat, private messages
// and posts, the reporters that hide a post until a decision, the SMS gateway (its token write-only) and
// the captcha's difficulty. Bad values get a translated refusal and change nothing.
import { desc, eq } from 'drizzle-orm';
import { smsOutbox, users } from '@/lib/accounts/schema';
import { smsProvider } from '@/lib/accounts/sms';
import { auditLog } from '@/lib/audit/schema';
import { spendChatAllowance } from '@/lib/chat/limits';
import { circlePosts, circles } from '@/lib/circles/schema';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { reportReasons } from '@/lib/moderation/schema';
import { posts } from '@/lib/posts/schema';
import { createPost } from '@/lib/posts/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { solvedCaptcha } from '@/lib/testing/captcha';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { systemSettings } from './schema';
import { effectiveSettings, RATE_DEFAULTS } from './settings';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let operator: { token: string };

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  operator = await makeSignedInUser(testDb.db, { role: 'operator' });
});
afterAll(() => testDb.close());

const save = (json: object) =>
  call<{ effective: Record<string, unknown> }>('/api/admin/settings/save', {
    headers: { token: operator.token, lang: 'en' },
    json: { reason: 'a test', ...json },
  });
const view = async () =>
  (await call<Record<string, unknown>>('/api/admin/settings', { headers: { token: operator.token } })).body;

let mobiles = 0;
const newMobile = () => {
  mobiles += 1;
  return `1360000${String(mobiles).padStart(4, '0')}`;
};

async function requestCode(mobile: string) {
  return call('/api/user/getCode', {
    headers: { lang: 'en' },
    json: { mobile: `86-${mobile}`, type: 1, captcha: await solvedCaptcha(testDb.db) },
  });
}

async function signUp(mobile: string, invite?: string) {
  await requestCode(mobile);
  const [sms] = await testDb.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, `+86 ${mobile}`))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return call<{ id: number }>('/api/user/registered', {
    headers: { lang: 'en' },
    json: {
      mobile: `86-${mobile}`,
      code: sms?.body.match(/\d{6}/)?.[0] ?? '000000',
      password: 'secret123',
      captcha: await solvedCaptcha(testDb.db),
      ...(invite ? { invite } : {}),
    },
  });
}

const registered = async (mobile: string) =>
  (await testDb.db.select().from(users).where(eq(users.mobile, mobile))).length > 0;

describe('registration', () => {
  afterAll(() => save({ registration: null }));

  it('invite-only refuses a sign-up without a code at once, then takes one with a code', async () => {
    expect((await save({ registration: 'invite' })).body.code).toBe(0);
    const stranger = newMobile();
    const refused = await signUp(stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Sign-up is by invitation only: enter the invite code a friend gave you');
    expect(await registered(stranger)).toBe(false);

    const inviter = await makeSignedInUser(testDb.db);
    await testDb.db.update(users).set({ inviteCode: 'FRIEND88' }).where(eq(users.id, inviter.user.id));
    const invited = newMobile();
    expect((await signUp(invited, 'FRIEND88')).body).toMatchObject({ code: 0 });
    expect(await registered(invited)).toBe(true);
  });

  it('closed sends no sign-up codes and registers nobody; open again lets anyone register', async () => {
    expect((await save({ registration: 'closed' })).body.code).toBe(0);
    const mobile = newMobile();
    const code = await requestCode(mobile);
    expect(code.body.msg).toBe('Sign-ups are closed for now; existing accounts can still sign in');
    expect(
      await testDb.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.recipient, `+86 ${mobile}`)),
    ).toEqual([]);
    expect((await save({ registration: null })).body.code).toBe(0);
    expect((await signUp(mobile)).body.code).toBe(0);
  });
});

describe('rate limits', () => {
  afterAll(() => save({ chatRate: null, imRate: null, postRate: null }));

  it('private messages: the next send obeys a new limit', async () => {
    const sender = await makeSignedInUser(testDb.db);
    const peer = await makeSignedInUser(testDb.db);
    const send = (text: string) =>
      call('/api/im/send', {
        headers: { lang: 'en', token: sender.token },
        json: { user_id: peer.user.id, text },
      });
    expect((await save({ imRate: { count: 2, seconds: 60 } })).body.code).toBe(0);
    expect((await send('one')).body.code).toBe(0);
    expect((await send('two')).body.code).toBe(0);
    const third = await send('three');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe(1);
    // Raised: counting starts afresh at the new rate.
    expect((await save({ imRate: { count: 5, seconds: 60 } })).body.code).toBe(0);
    expect((await send('four')).body.code).toBe(0);
  });

  it('room chat: the next message obeys a new limit', async () => {
    const chat = (userId: number, n: number) =>
      spendChatAllowance({
        channel: { kind: 'live', id: 424_242 },
        userId,
        normalized: `line ${n}`,
        slowModeSeconds: 0,
        moderator: false,
      });
    const viewer = await makeSignedInUser(testDb.db);
    expect((await save({ chatRate: { count: 1, seconds: 30 } })).body.code).toBe(0);
    await chat(viewer.user.id, 1);
    await expect(chat(viewer.user.id, 2)).rejects.toMatchObject({ code: 'CHAT_TOO_FAST' });
    expect(effectiveSettings().chatRate).toEqual({ count: 1, seconds: 30 });
    expect((await save({ chatRate: null })).body.code).toBe(0);
    expect(effectiveSettings().chatRate).toEqual(RATE_DEFAULTS.chatRate);
  });

  it('posts: the next post obeys a new limit', async () => {
    const author = await makeSignedInUser(testDb.db);
    const post = (content: string) =>
      createPost(testDb.db, author.user.id, { content, images: [] }, { channel: 'circle', now: NOON });
    expect((await save({ postRate: { count: 1, seconds: 3600 } })).body.code).toBe(0);
    await post('first');
    await expect(post('second')).rejects.toMatchObject({ code: 'POST_RATE_LIMIT' });
  });
});

it('refuses bad values with a translated message and changes nothing', async () => {
  const before = await view();
  const stored = await testDb.db.select().from(systemSettings);
  for (const [json, words] of [
    [{ registration: 'maybe' }, 'Sign-up'],
    [{ chatRate: { count: 0, seconds: 30 } }, 'Count'],
    [{ imRate: { count: 5 } }, 'Seconds'],
    [{ postRate: { count: 1, seconds: 100_000 } }, 'Seconds'],
    [{ autoHideReporters: 1 }, 'Reporters'],
    [{ captchaCost: 5 }, 'Captcha'],
    [{ smsHttpUrl: 'javascript:alert(1)' }, 'SMS gateway'],
    [{ smsProvider: 'http' }, 'An HTTP SMS gateway needs its address'],
  ] as const) {
    const refused = await save(json);
    expect([json, refused.body.code]).toEqual([json, 1]);
    expect([json, refused.body.msg]).toEqual([json, expect.stringContaining(words)]);
  }
  expect(await view()).toEqual(before);
  expect(await testDb.db.select().from(systemSettings)).toEqual(stored);
});

it('keeps the SMS token write-only: used by the gateway, never answered nor audited', async () => {
  const token = 'sk-live-8c1f0e';
  const saved = await save({
    smsProvider: 'http',
    smsHttpUrl: 'https://sms.example.org/send',
    smsHttpToken: token,
    captchaCost: 400,
  });
  expect(saved.body.code).toBe(0);
  expect(JSON.stringify(saved.body)).not.toContain(token);
  const shown = await view();
  expect(JSON.stringify(shown)).not.toContain(token);
  expect(shown.data).toMatchObject({
    stored: { smsProvider: 'http', smsHttpTokenSet: true, captchaCost: 400 },
    effective: { smsHttpTokenSet: true },
  });
  // Sealed in the database and in the audit log only as "set".
  const rows = await testDb.db.select().from(systemSettings);
  expect(JSON.stringify(rows)).not.toContain(token);
  const audit = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/settings/save'));
  expect(JSON.stringify(audit)).not.toContain(token);
  // The gateway in force uses it at once; the captcha asks for the new difficulty.
  expect(smsProvider().name).toBe('http');
  expect(effectiveSettings()).toMatchObject({ smsHttpToken: token, captchaCost: 400 });
  const challenge = await call<{ parameters: { data: { level: number } } }>('/api/captcha/challenge');
  expect(challenge.body.code).toBe(0);

  // An empty token keeps it; null removes it; the outbox is back when the provider is unset.
  expect((await save({ smsHttpToken: '' })).body.code).toBe(0);
  expect(effectiveSettings().smsHttpToken).toBe(token);
  expect(
    (await save({ smsHttpToken: null, smsProvider: null, smsHttpUrl: null, captchaCost: null })).body.code,
  ).toBe(0);
  expect(effectiveSettings().smsHttpToken).toBeUndefined();
  expect(smsProvider().name).toBe('outbox');
});

it('hides a post once enough different people report it, until a decision; dismissing shows it again', async () => {
  await seedReportReasons(testDb.db);
  const reason = (await testDb.db.select().from(reportReasons)).find((row) => row.code !== 'other')!.id;
  const [circle] = await testDb.db
    .insert(circles)
    .values({
      slug: 'general:auto-hide',
      kind: 'general',
      names: { 'zh-CN': '综合', 'zh-TW': '綜合', en: 'General', vi: 'Chung' } as never,
    })
    .returning();
  const author = await makeSignedInUser(testDb.db);
  const [post] = await testDb.db
    .insert(posts)
    .values({ authorId: author.user.id, channel: 'circle', body: 'Lucky casino bonus', createdAt: NOON })
    .returning();
  await testDb.db.insert(circlePosts).values({ postId: post!.id, circleId: circle!.id });
  const listed = async () =>
    (await call<{ list: { id: number }[] }>('/api/circle/postList?sort=new&size=50')).body.data.list.map(
      (row) => row.id,
    );
  const report = async () => {
    const reporter = await makeSignedInUser(testDb.db);
    const made = await call<{ id: number }>('/api/Reportuser/insert', {
      headers: { lang: 'en', token: reporter.token },
      json: { target_type: 'post', target_id: post!.id, classify_id: reason },
    });
    expect(made.body.code).toBe(0);
    return made.body.data.id;
  };

  expect((await save({ autoHideReporters: 2 })).body.code).toBe(0);
  const first = await report();
  expect(await listed()).toContain(post!.id);
  await report();
  expect(await listed()).not.toContain(post!.id);

  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const dismissed = await decideInQueue(call, moderator.token, 'report', first, false, {
    reasonCode: 'no_violation',
    note: '',
  });
  expect(dismissed.body.data.results[0]).toMatchObject({ ok: true });
  expect(await listed()).toContain(post!.id);
  expect((await save({ autoHideReporters: null })).body.code).toBe(0);
});
