// The invitation program through the API: a sign-up through a code is recorded (with its address)
// but pays nothing; the reward is paid once, only after three watching days or a first recharge past
// the refund window; one level only; the lifetime cap; fraud signals hold it for an operator; the
// rules are the operators' to change, applied at once.
import { desc, eq } from 'drizzle-orm';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookie } from '@/lib/accounts/login-throttle';
import { smsOutbox, users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import { PEER_HEADER } from '@/lib/http/client-address';
import { recordWatch } from '@/lib/live/history';
import { ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { solvedCaptcha, solvedChallenge } from '@/lib/testing/captcha';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { seedChargeRules } from '@/lib/wallet/recharge';
import { chargeRules, payOrders } from '@/lib/wallet/schema';
import { DEFAULT_INVITE_RULES as INVITE_RULES } from './rules';
import { invitations } from './schema';
import { recordInvitation, settleInvitations } from './service';

process.env.CAPTCHA_COST = '100';

let testDb: TestDb;
let app: ApiApp;
const START = new Date('2026-11-24T04:00:00Z');
let now = START;
const call = apiCaller(() => app);
const DAY = 24 * 3600 * 1000;
const REWARD = INVITE_RULES.reward;
let roomId = 0;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  await seedChargeRules(testDb.db);
  roomId = (await ensureRoom(testDb.db, (await makeUser(testDb.db, { isAnchor: true })).id)).id;
});
afterAll(() => testDb.close());
beforeEach(() => {
  now = START;
});

let addressCounter = 0;
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

type Overview = {
  code: string;
  link: string;
  invited: number;
  rewarded: number;
  earned: number;
  list: { user_id: number; nickname: string; status: string; reward: number }[];
};
const overview = (token: string) =>
  call<Overview>('/api/Distribution/Invitation', { json: {}, headers: en(token) });

/** An invitee signed up through `inviterId`'s code from its own address and device. */
async function invitee(
  inviterId: number,
  address = `10.1.0.${++addressCounter}`,
  device = `dev-${addressCounter}`,
) {
  const user = await makeUser(testDb.db, { invitedBy: inviterId });
  await recordInvitation(testDb.db, {
    inviteeId: user.id,
    inviterId,
    address,
    device,
    deviceUserId: null,
    now,
  });
  return user;
}
const watchOn = (userId: number, day: number) =>
  recordWatch(testDb.db, userId, roomId, new Date(START.getTime() + day * DAY));
const coins = async (userId: number) => (await balancesOf(testDb.db, userId)).coin;

/** A sign-up through the API with `code`, from `headers` (address, cookies); the new user's id. */
async function registerThrough(
  code: string,
  mobile: string,
  headers: Record<string, string>,
  keepCookies = false,
) {
  now = NOON; // the instant the test captchas are solved for
  const sent = await call('/api/user/getCode', {
    headers,
    json: {
      mobile: `86-${mobile}`,
      type: 1,
      captcha: await solvedChallenge(
        (await call(`/api/captcha/challenge?mobile=86-${mobile}&for=sms`, { headers })).body.data,
      ),
    },
  });
  expect(sent.body).toMatchObject({ code: 0 });
  // A browser keeps the device signal the code's answer gave it (a client without cookies does not).
  const given = /known_device=([^;]+)/.exec(sent.headers.get('set-cookie') ?? '')?.[1];
  if (keepCookies && given) headers = { ...headers, cookie: `${KNOWN_DEVICE_COOKIE}=${given}` };
  const [sms] = await testDb.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, `+86 ${mobile}`))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const registered = await call<{ id: number }>('/api/user/registered', {
    headers,
    json: {
      mobile: `86-${mobile}`,
      code: sms!.body.match(/\d{6}/)![0],
      password: 'secret123',
      platform: 'pc',
      invite: code,
      captcha: await solvedCaptcha(testDb.db),
    },
  });
  expect(registered.body).toMatchObject({ code: 0 });
  return registered.body.data.id;
}

it('a sign-up through the invite link is counted in the centre but earns nothing', async () => {
  const inviter = await makeSignedInUser(testDb.db, { inviteCode: 'SHOPINV1' });
  const inviteeId = await registerThrough('shopinv1', '13600001111', {
    lang: 'en',
    [PEER_HEADER]: '10.9.9.9',
  });
  const centre = await overview(inviter.token);
  expect(centre.body.data).toMatchObject({ code: 'SHOPINV1', invited: 1, rewarded: 0, earned: 0 });
  expect(centre.body.data.link).toMatch(/\/en\/register\?code=SHOPINV1$/);
  expect(centre.body.data.list).toEqual([expect.objectContaining({ user_id: inviteeId, status: 'waiting' })]);
  const [row] = await testDb.db.select().from(invitations).where(eq(invitations.inviteeId, inviteeId));
  // A browser that never signed in brings no device signal.
  expect(row).toMatchObject({
    inviterId: inviter.user.id,
    address: '10.9.9.9',
    device: '',
    deviceUserId: null,
  });
  expect(await coins(inviter.user.id)).toBe(0);
  expect((await call('/api/Distribution/Invitation', { json: {}, headers: en() })).body.code).toBe(700);
});

it('three watching days pay the inviter once; two days pay nothing; one level only', async () => {
  const inviter = await makeSignedInUser(testDb.db);
  const friend = await invitee(inviter.user.id);
  const grandchild = await invitee(friend.id);
  await watchOn(friend.id, 0);
  await watchOn(friend.id, 0.1);
  await watchOn(friend.id, 1);
  await watchOn(grandchild.id, 0);
  await watchOn(grandchild.id, 1);
  await watchOn(grandchild.id, 2);
  now = new Date(START.getTime() + 1.5 * DAY);
  expect((await overview(inviter.token)).body.data.earned).toBe(0);
  await watchOn(friend.id, 2);
  now = new Date(START.getTime() + 2.5 * DAY);
  // The job and the centre settle at the same moment: still one payment.
  await Promise.all([
    settleInvitations(testDb.db, { now }),
    overview(inviter.token),
    overview(inviter.token),
  ]);
  const centre = await overview(inviter.token);
  expect(centre.body.data).toMatchObject({ rewarded: 1, earned: REWARD });
  expect(centre.body.data.list[0]).toMatchObject({ user_id: friend.id, status: 'paid', reward: REWARD });
  expect(await coins(inviter.user.id)).toBe(REWARD);
  // The grandchild's days reward its own inviter (the friend), never the first inviter.
  await settleInvitations(testDb.db, { now });
  expect(await coins(friend.id)).toBe(REWARD);
  expect(await coins(inviter.user.id)).toBe(REWARD);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('a first recharge counts only once past the refund window', async () => {
  const inviter = await makeSignedInUser(testDb.db);
  const friend = await invitee(inviter.user.id);
  await watchOn(friend.id, 0);
  const [rule] = await testDb.db.select().from(chargeRules).limit(1);
  await testDb.db.insert(payOrders).values({
    orderNo: `T${friend.id}${Date.now() % 1000}`.slice(0, 32),
    userId: friend.id,
    ruleId: rule!.id,
    channel: 'alipay',
    diamonds: 60,
    priceMinor: 600,
    priceCurrency: 'CNY',
    status: 'paid',
    createdAt: START,
    settledAt: START,
  });
  now = new Date(START.getTime() + (INVITE_RULES.refundWindowDays - 1) * DAY);
  expect((await overview(inviter.token)).body.data.earned).toBe(0);
  now = new Date(START.getTime() + INVITE_RULES.refundWindowDays * DAY);
  expect((await overview(inviter.token)).body.data.earned).toBe(REWARD);
  expect((await overview(inviter.token)).body.data.earned).toBe(REWARD);
  expect(await coins(inviter.user.id)).toBe(REWARD);
});

it('fraud signals hold the reward for an operator, who pays or rejects it', async () => {
  const inviter = await makeSignedInUser(testDb.db);
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  // Three sign-ups from one address within the hour.
  const farm = [
    await invitee(inviter.user.id, '10.66.0.1', 'a'),
    await invitee(inviter.user.id, '10.66.0.1', 'b'),
    await invitee(inviter.user.id, '10.66.0.1', 'c'),
  ];
  for (const user of farm) for (const day of [0, 1, 2]) await watchOn(user.id, day);
  now = new Date(START.getTime() + 3 * DAY);
  const centre = await overview(inviter.token);
  expect(centre.body.data.earned).toBe(0);
  expect(centre.body.data.list.map((entry) => entry.status)).toEqual(['waiting', 'waiting', 'waiting']);
  // Held rewards are decided in the review queue (lib/review).
  const held = await queueList<{ id: number; fields: { hold_reason: string } }>(
    call,
    operator.token,
    'invitation',
    'size=100',
  );
  const mine = held.body.data.list.filter((entry) => farm.some((user) => user.id === entry.id));
  // The signal in the reviewer's words.
  expect(mine.map((entry) => entry.fields.hold_reason)).toEqual(
    Array(3).fill('Several sign-ups from one address within an hour'),
  );
  expect((await queueList(call, inviter.token, 'invitation')).status).toBe(403);
  const review = (inviteeId: number, approve: boolean) =>
    decideInQueue(call, operator.token, 'invitation', inviteeId, approve);
  expect((await review(farm[0]!.id, true)).body.data.results[0]).toMatchObject({ after: { status: 'paid' } });
  expect((await review(farm[1]!.id, false)).body.data.results[0]).toMatchObject({
    after: { status: 'rejected' },
  });
  expect((await review(farm[1]!.id, true)).body.msg).toBe('This invitation reward has already been decided');
  expect((await review(farm[0]!.id, true)).body.code).toBe(1);
  expect(await coins(inviter.user.id)).toBe(REWARD);

  // An invitee who recharged but never watched is held too.
  const silent = await invitee(inviter.user.id);
  const [rule] = await testDb.db.select().from(chargeRules).limit(1);
  await testDb.db.insert(payOrders).values({
    orderNo: `S${silent.id}`,
    userId: silent.id,
    ruleId: rule!.id,
    channel: 'alipay',
    diamonds: 60,
    priceMinor: 600,
    priceCurrency: 'CNY',
    status: 'paid',
    createdAt: now,
    settledAt: now,
  });
  now = new Date(now.getTime() + 30 * DAY);
  await settleInvitations(testDb.db, { now });
  const [row] = await testDb.db.select().from(invitations).where(eq(invitations.inviteeId, silent.id));
  expect(row).toMatchObject({ status: 'held', holdReason: 'never_watched' });
  expect(await coins(inviter.user.id)).toBe(REWARD);
});

describe('only real money, and the inviter is compared with the invitee', () => {
  /** A paid recharge of `userId` through `channel`, settled at START. */
  async function paidOrder(userId: number, channel: 'sandbox' | 'alipay') {
    const [rule] = await testDb.db.select().from(chargeRules).limit(1);
    await testDb.db.insert(payOrders).values({
      orderNo: `${channel[0]!.toUpperCase()}${userId}`,
      userId,
      ruleId: rule!.id,
      channel,
      diamonds: 60,
      priceMinor: 600,
      priceCurrency: 'CNY',
      status: 'paid',
      createdAt: START,
      settledAt: START,
    });
  }
  const rowOf = async (inviteeId: number) =>
    (await testDb.db.select().from(invitations).where(eq(invitations.inviteeId, inviteeId)))[0]!;
  const held = async (operatorToken: string, inviteeId: number) =>
    (
      await queueList<{ id: number; summary: string; fields: { hold_reason: string } }>(
        call,
        operatorToken,
        'invitation',
        'size=100&dir=desc',
      )
    ).body.data.list.find((entry) => entry.id === inviteeId);

  it('a recharge through the sandbox never qualifies; one through a real provider does', async () => {
    const inviter = await makeSignedInUser(testDb.db);
    const sandboxed = await invitee(inviter.user.id);
    const real = await invitee(inviter.user.id);
    for (const user of [sandboxed, real]) await watchOn(user.id, 0);
    await paidOrder(sandboxed.id, 'sandbox');
    await paidOrder(real.id, 'alipay');
    now = new Date(START.getTime() + 30 * DAY);
    await settleInvitations(testDb.db, { now });
    expect(await rowOf(sandboxed.id)).toMatchObject({ status: 'waiting', reward: 0 });
    expect(await rowOf(real.id)).toMatchObject({ status: 'paid', reason: 'recharge', reward: REWARD });
    expect(await coins(inviter.user.id)).toBe(REWARD);
  });

  it('holds a sign-up without a device signal, on the inviter’s browser or from the inviter’s address, with a reason staff read', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const inviter = await makeSignedInUser(testDb.db, { inviteCode: 'SIGNALS1' });
    // The inviter signed in on this browser (its known-device cookie) and from 10.5.5.5.
    const inviterBrowser = await knownDeviceCookie(testDb.db, inviter.user.id);
    await createSession(testDb.db, inviter.user.id, START, { deviceType: 'pc', address: '10.5.5.5' });
    const otherBrowser = await knownDeviceCookie(testDb.db, (await makeUser(testDb.db)).id);
    const signUp = (mobile: string, address: string, cookie?: string) =>
      registerThrough('signals1', mobile, {
        lang: 'en',
        [PEER_HEADER]: address,
        ...(cookie ? { cookie: `${KNOWN_DEVICE_COOKIE}=${cookie}` } : {}),
      });
    const noDevice = await signUp('13600002221', '10.5.6.1');
    const onInvitersBrowser = await signUp('13600002222', '10.5.6.2', inviterBrowser);
    const atInvitersAddress = await signUp('13600002223', '10.5.5.5', otherBrowser);
    const forged = await signUp(
      '13600002224',
      '10.5.6.4',
      `${inviter.user.id}.AAAAAAAAAAAAAAAAAAAAAA.${'x'.repeat(43)}`,
    );
    // A first-time browser: asking for the code gave it its device signal.
    const firstVisit = await registerThrough(
      'signals1',
      '13600002226',
      { lang: 'en', [PEER_HEADER]: '10.5.6.6' },
      true,
    );
    const clean = await signUp(
      '13600002225',
      '10.5.6.5',
      await knownDeviceCookie(testDb.db, (await makeUser(testDb.db)).id),
    );
    expect(await rowOf(onInvitersBrowser)).toMatchObject({ deviceUserId: inviter.user.id });
    expect(await rowOf(forged)).toMatchObject({ device: '', deviceUserId: null });

    const everyone = [noDevice, onInvitersBrowser, atInvitersAddress, forged, clean, firstVisit];
    for (const id of everyone) for (const day of [0, 1, 2]) await watchOn(id, day);
    now = new Date(START.getTime() + 30 * DAY);
    await settleInvitations(testDb.db, { now });
    expect(await rowOf(noDevice)).toMatchObject({ status: 'held', holdReason: 'no_device' });
    expect(await rowOf(onInvitersBrowser)).toMatchObject({ status: 'held', holdReason: 'inviter_device' });
    expect(await rowOf(atInvitersAddress)).toMatchObject({ status: 'held', holdReason: 'inviter_address' });
    expect(await rowOf(forged)).toMatchObject({ status: 'held', holdReason: 'no_device' });
    // A sign-up with its own browser and address is paid as before.
    expect(await rowOf(clean)).toMatchObject({ status: 'paid', reward: REWARD });
    expect(await rowOf(firstVisit)).toMatchObject({ status: 'paid', reward: REWARD });
    expect(await coins(inviter.user.id)).toBe(2 * REWARD);
    // The review queue names each signal in the reviewer's language.
    expect(await held(operator.token, noDevice)).toMatchObject({
      summary: 'No device signal at sign-up',
      fields: { hold_reason: 'No device signal at sign-up' },
    });
    expect((await held(operator.token, onInvitersBrowser))!.summary).toBe(
      'The invitee signed up on the inviter’s device',
    );
    expect((await held(operator.token, atInvitersAddress))!.summary).toBe(
      'The invitee signed up from the inviter’s address',
    );
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});

it('an inviter earns at most the lifetime cap', async () => {
  const inviter = await makeSignedInUser(testDb.db);
  const friends = [];
  for (let i = 0; i < INVITE_RULES.lifetimeCap + 2; i++) {
    now = new Date(START.getTime() + i * 2 * 3600 * 1000);
    friends.push(await invitee(inviter.user.id));
  }
  for (const friend of friends) for (const day of [0, 1, 2]) await watchOn(friend.id, day);
  now = new Date(START.getTime() + 10 * DAY);
  const centre = await overview(inviter.token);
  expect(centre.body.data).toMatchObject({
    rewarded: INVITE_RULES.lifetimeCap,
    earned: REWARD * INVITE_RULES.lifetimeCap,
  });
  expect(centre.body.data.list.filter((entry) => entry.status === 'capped')).toHaveLength(2);
  expect(await coins(inviter.user.id)).toBe(REWARD * INVITE_RULES.lifetimeCap);
  const [me] = await testDb.db.select({ id: users.id }).from(users).where(eq(users.id, inviter.user.id));
  expect(me).toBeDefined();
});

describe('the rules are configuration (api/admin/invitations/rules, saveRules)', () => {
  type Rules = typeof INVITE_RULES;
  const rules = (token: string) => call<Rules>('/api/admin/invitations/rules', { headers: en(token) });
  const save = (token: string, json: unknown) =>
    call<Rules>('/api/admin/invitations/saveRules', { json, headers: en(token) });
  let operator: { token: string };
  beforeAll(async () => {
    operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  });
  afterEach(async () => {
    await save(operator.token, INVITE_RULES);
  });

  it('a change by finance applies at once to the reward, cap, active days and the centre', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    expect((await rules(finance.token)).body.data).toEqual(INVITE_RULES);
    const saved = await save(finance.token, { reward: 500, lifetimeCap: 1, activeDays: 2 });
    expect(saved.body).toMatchObject({
      code: 0,
      data: { ...INVITE_RULES, reward: 500, lifetimeCap: 1, activeDays: 2 },
    });
    expect((await rules(operator.token)).body.data).toMatchObject({ reward: 500, activeDays: 2 });

    const inviter = await makeSignedInUser(testDb.db);
    const friends = [await invitee(inviter.user.id), await invitee(inviter.user.id)];
    for (const friend of friends) for (const day of [0, 1]) await watchOn(friend.id, day);
    now = new Date(START.getTime() + 2 * DAY);
    const centre = await overview(inviter.token);
    expect(centre.body.data).toMatchObject({ reward: 500, cap: 1, active_days: 2, rewarded: 1, earned: 500 });
    expect(centre.body.data.list.map((entry) => entry.status).sort()).toEqual(['capped', 'paid']);
    expect(await coins(inviter.user.id)).toBe(500);
  });

  it('an empty field keeps the stored value (for both rule sets)', async () => {
    const saved = await save(operator.token, { reward: '', lifetimeCap: 3 });
    expect(saved.body).toMatchObject({ code: 0, data: { reward: INVITE_RULES.reward, lifetimeCap: 3 } });
    const tasks = await call<{ dailyTaskCap: number }>('/api/admin/tasks/saveRules', {
      json: { dailyTaskCap: '' },
      headers: en(operator.token),
    });
    expect(tasks.body.code).toBe(0);
    expect(tasks.body.data.dailyTaskCap).toBeGreaterThanOrEqual(0);
  });

  it('the refund window and the sign-ups-per-hour threshold are the operator’s too', async () => {
    await save(operator.token, { refundWindowDays: 1, signupsPerHour: 2 });
    const inviter = await makeSignedInUser(testDb.db);
    const payer = await invitee(inviter.user.id);
    await watchOn(payer.id, 0);
    const [rule] = await testDb.db.select().from(chargeRules).limit(1);
    await testDb.db.insert(payOrders).values({
      orderNo: `R${payer.id}`,
      userId: payer.id,
      ruleId: rule!.id,
      channel: 'alipay',
      diamonds: 60,
      priceMinor: 600,
      priceCurrency: 'CNY',
      status: 'paid',
      createdAt: START,
      settledAt: START,
    });
    // Two sign-ups from one address now hold a reward (three did with the defaults).
    const pair = [
      await invitee(inviter.user.id, '10.77.0.1', 'p'),
      await invitee(inviter.user.id, '10.77.0.1', 'q'),
    ];
    for (const user of pair) for (const day of [0, 1, 2]) await watchOn(user.id, day);
    now = new Date(START.getTime() + 3 * DAY);
    expect((await overview(inviter.token)).body.data).toMatchObject({ rewarded: 1, earned: REWARD });
    const held = await testDb.db.select().from(invitations).where(eq(invitations.inviterId, inviter.user.id));
    expect(held.filter((row) => row.holdReason === 'same_address')).toHaveLength(2);
    expect(held.find((row) => row.inviteeId === payer.id)).toMatchObject({
      status: 'paid',
      reason: 'recharge',
    });
  });

  it('bad input is refused with a clear error and changes nothing', async () => {
    for (const json of [
      { reward: 0 },
      { lifetimeCap: -1 },
      { activeDays: 'three' },
      { signupsPerHour: 1 },
      { reward: 1.5 },
      { rewards: 300 },
    ]) {
      const answer = await save(operator.token, json);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(1);
      expect(answer.body.msg).toBeTruthy();
    }
    expect((await rules(operator.token)).body.data).toEqual(INVITE_RULES);
  });

  it('refuses moderators, users and guests', async () => {
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    const user = await makeSignedInUser(testDb.db);
    for (const token of [moderator.token, user.token]) {
      expect((await rules(token)).status).toBe(403);
      expect((await save(token, { reward: 1 })).status).toBe(403);
    }
    expect(
      (await call('/api/admin/invitations/saveRules', { json: { reward: 1 }, headers: en() })).body.code,
    ).toBe(700);
    expect((await rules(operator.token)).body.data).toEqual(INVITE_RULES);
  });
});
