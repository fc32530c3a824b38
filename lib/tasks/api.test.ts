// Coins' earning side through the API: sign-in once per local day across the configured zone's
// midnight, 50 concurrent sign-ins granting once, every task's progress from real events (API calls,
// or rows the owning domain writes), follow-unfollow-follow counted once, watch time from heartbeats,
// claim once, the daily cap, and no money call that lets coins leave. The clock is always the test's.
import { eq, sql } from 'drizzle-orm';
import { identityVerifications, users } from '@/lib/accounts/schema';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { seedNewsCategories } from '@/lib/news/categories';
import { newsArticles, newsCategories } from '@/lib/news/schema';
import { posts } from '@/lib/posts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { chargeRules, payOrders } from '@/lib/wallet/schema';
import { DEFAULT_RULES } from './rules';
import { recordWatchBeat, saveTaskRules } from './service';

let testDb: TestDb;
let app: ApiApp;
// 12:00 UTC = 20:00 in UTC+8.
const START = new Date('2026-11-24T12:00:00Z');
let now = START;
const call = apiCaller(() => app);
const MIN = 60_000;
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  await seedGiftCatalog(testDb.db);
  await seedNewsCategories(testDb.db);
});
afterAll(() => testDb.close());
beforeEach(() => {
  now = START;
});

type SignList = {
  is_sign: boolean;
  today: number;
  streak: number;
  list: { id: number; reward: number; is_sign: boolean }[];
};
type Task = { id: string; type: string; progress: number; target: number; reward: number; status: string };
type TaskList = { list: Task[]; earned_today: number; daily_cap: number };

const signList = (token: string) =>
  call<SignList>('/api/Activity/pcSignTaskList', { json: {}, headers: en(token) });
const sign = (token: string, id: number) =>
  call<{ reward: number; streak: number; balance: number }>('/api/Activity/task_handle_sign', {
    json: { id },
    headers: en(token),
  });
const tasks = async (token: string) =>
  (await call<TaskList>('/api/Activity_Config/user_task_list', { json: {}, headers: en(token) })).body.data;
const task = async (token: string, id: string) => (await tasks(token)).list.find((row) => row.id === id)!;
const claim = (token: string, id: string) =>
  call<{ reward: number; balance: number }>('/api/Activity_Config/receive_task', {
    json: { id },
    headers: en(token),
  });
const coins = async (userId: number) => (await balancesOf(testDb.db, userId)).coin;

describe('daily sign-in', () => {
  it('signs in once per UTC+8 day: 23:59:30 and 00:00:30 local are two days, with a rising reward', async () => {
    const fan = await makeSignedInUser(testDb.db);
    // 23:59:30 in UTC+8 is 15:59:30 UTC.
    now = new Date('2026-11-24T15:59:30Z');
    const before = await signList(fan.token);
    expect(before.body.data).toMatchObject({ is_sign: false, today: 1, streak: 0 });
    expect(before.body.data.list.map((day) => day.reward)).toEqual(DEFAULT_RULES.signRewards);
    const first = await sign(fan.token, 1);
    expect(first.body).toMatchObject({ code: 0, data: { reward: 5, streak: 1, balance: 5 } });
    const again = await sign(fan.token, 1);
    expect(again.body).toMatchObject({
      code: 1,
      msg: "You've already checked in today. Come back tomorrow!",
    });
    expect(await coins(fan.user.id)).toBe(5);

    now = new Date('2026-11-24T16:00:30Z');
    const next = await signList(fan.token);
    expect(next.body.data).toMatchObject({ is_sign: false, today: 2, streak: 1 });
    expect(next.body.data.list[0]!.is_sign).toBe(true);
    expect((await sign(fan.token, 1)).body).toMatchObject({
      code: 1,
      msg: 'You can only check in for today. Refresh and try again.',
    });
    const second = await sign(fan.token, 2);
    expect(second.body).toMatchObject({ code: 0, data: { reward: 10, streak: 2, balance: 15 } });
    expect((await signList(fan.token)).body.data).toMatchObject({ is_sign: true, today: 2, streak: 2 });

    // A missed day starts the cycle again.
    now = new Date('2026-11-26T16:00:30Z');
    expect((await signList(fan.token)).body.data).toMatchObject({ is_sign: false, today: 1, streak: 0 });
    expect((await sign(fan.token, 1)).body.data.reward).toBe(5);
    expect(await coins(fan.user.id)).toBe(20);
  });

  it('the streak runs a 7-day cycle and starts it again on day 8', async () => {
    const fan = await makeSignedInUser(testDb.db);
    let total = 0;
    for (let day = 0; day < 8; day += 1) {
      now = new Date(START.getTime() + day * 24 * 60 * MIN);
      const id = (day % 7) + 1;
      const signed = await sign(fan.token, id);
      expect(signed.body.code).toBe(0);
      total += DEFAULT_RULES.signRewards[id - 1]!;
      expect(signed.body.data).toMatchObject({ streak: day + 1, balance: total });
    }
  });

  it('50 concurrent sign-ins grant once', async () => {
    const fan = await makeSignedInUser(testDb.db);
    const answers = await Promise.all(Array.from({ length: 50 }, () => sign(fan.token, 1)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(49);
    expect(await coins(fan.user.id)).toBe(5);
    const rows = await testDb.db.execute(
      sql`select count(*)::int as n from sign_ins where user_id = ${fan.user.id}`,
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
  });

  it('needs a session', async () => {
    expect((await call('/api/Activity/pcSignTaskList', { json: {} })).body.code).toBe(700);
    expect((await call('/api/Activity/task_handle_sign', { json: { id: 1 } })).body.code).toBe(700);
  });

  it('refuses a bad id and changes nothing', async () => {
    const fan = await makeSignedInUser(testDb.db);
    expect((await sign(fan.token, 9)).body.code).toBe(1);
    expect(
      (await call('/api/Activity/task_handle_sign', { json: { id: 'x' }, headers: en(fan.token) })).body.code,
    ).toBe(1);
    expect(await coins(fan.user.id)).toBe(0);
  });
});

async function anchorWithRoom(live = true) {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  if (live) await testDb.db.update(liveRooms).set({ status: 'live' }).where(eq(liveRooms.id, room.id));
  return { ...anchor, room };
}

async function whistle() {
  const { rows } = await testDb.db.execute<{ id: number }>(sql`select id from gifts where code = 'whistle'`);
  return rows[0]!;
}

async function fund(userId: number, amount: number) {
  await runOperation(testDb.db, {
    key: `fund:${userId}:${amount}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now: START,
    prepare: async () => ({ legs: [mintLeg(userId, 'star', amount)], result: {} }),
  });
}

describe('tasks', () => {
  it('counts every task from what really happened, and a claim pays once', async () => {
    const fan = await makeSignedInUser(testDb.db, { mobile: '13900007777', nickname: 'Fan7777' });
    const anchor = await anchorWithRoom();
    const start = await tasks(fan.token);
    expect(start.list.every((row) => row.progress === 0 && row.status === 'todo')).toBe(true);
    expect(start.list.map((row) => row.id)).toEqual([
      'watch',
      'chat',
      'gift',
      'share',
      'read',
      'post',
      'profile',
      'realName',
      'recharge',
      'fanClub',
      'follow',
    ]);
    expect((await claim(fan.token, 'chat')).body).toMatchObject({
      code: 1,
      msg: "This task isn't finished yet. Claim it once it's done.",
    });

    // Chat: a line in a room.
    const chat = await call('/api/live/sendChatSensitive', {
      json: { room_id: anchor.room.id, content: 'Come on!' },
      headers: en(fan.token),
    });
    expect(chat.body.code).toBe(0);
    expect(await task(fan.token, 'chat')).toMatchObject({ progress: 1, status: 'claimable' });

    // Gift: one sent with star diamonds.
    await fund(fan.user.id, 1000);
    const gift = await whistle();
    const sent = await call(
      `/api/member/handselGift?room_id=${anchor.room.id}&gift_id=${gift.id}&num=1&key=taskgift0001`,
      {
        headers: en(fan.token),
      },
    );
    expect(sent.body.code).toBe(0);
    expect(await task(fan.token, 'gift')).toMatchObject({ progress: 1, status: 'claimable' });

    // Share: recorded at the share call; a guest's share counts for nobody.
    await call('/api/live/share', { json: { id: anchor.room.id } });
    expect(await task(fan.token, 'share')).toMatchObject({ progress: 0 });
    expect(
      (await call('/api/live/share', { json: { id: anchor.room.id }, headers: en(fan.token) })).body.code,
    ).toBe(0);
    expect(await task(fan.token, 'share')).toMatchObject({ progress: 1, status: 'claimable' });

    // Reading: three different articles (a re-read is no new reading).
    const [category] = await testDb.db.select().from(newsCategories).limit(1);
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const [post] = await testDb.db
        .insert(posts)
        .values({ channel: 'news', body: 'x', createdAt: START })
        .returning();
      await testDb.db
        .insert(newsArticles)
        .values({ postId: post!.id, categoryId: category!.id, sourceLocale: 'en', publishedAt: START });
      ids.push(post!.id);
    }
    for (const id of [ids[0], ids[0], ids[1]])
      await call(`/api/Headlines_user/insert?id=${id}`, { headers: en(fan.token) });
    expect(await task(fan.token, 'read')).toMatchObject({ progress: 2, target: 3, status: 'todo' });
    await call(`/api/Headlines_user/insert?id=${ids[2]}`, { headers: en(fan.token) });
    expect(await task(fan.token, 'read')).toMatchObject({ progress: 3, status: 'claimable' });

    // A community post (circles), today; another channel's post does not count.
    await testDb.db
      .insert(posts)
      .values({ authorId: fan.user.id, channel: 'anchor', body: 'x', createdAt: now });
    expect(await task(fan.token, 'post')).toMatchObject({ progress: 0 });
    await testDb.db
      .insert(posts)
      .values({ authorId: fan.user.id, channel: 'circle', body: 'x', createdAt: now });
    expect(await task(fan.token, 'post')).toMatchObject({ progress: 1, status: 'claimable' });

    // Profile: the default nickname is not "set"; a new nickname and an avatar are.
    expect(await task(fan.token, 'profile')).toMatchObject({ progress: 0, target: 2 });
    const avatars = (await call<string[]>('/api/user/avatarList')).body.data;
    const updated = await call('/api/member/updateInfo', {
      json: { user_nickname: 'Kop End 7', avatar: avatars[0] },
      headers: en(fan.token),
    });
    expect(updated.body.code).toBe(0);
    expect(await task(fan.token, 'profile')).toMatchObject({ progress: 2, status: 'claimable' });

    // Real name: only once the check succeeded.
    await testDb.db
      .insert(identityVerifications)
      .values({ userId: fan.user.id, realName: 'A', idType: 'id', idNumber: '1', status: 'pending' });
    expect(await task(fan.token, 'realName')).toMatchObject({ progress: 0 });
    await testDb.db
      .update(identityVerifications)
      .set({ status: 'succeeded' })
      .where(eq(identityVerifications.userId, fan.user.id));
    expect(await task(fan.token, 'realName')).toMatchObject({ progress: 1, status: 'claimable' });

    // First recharge: a paid order, not a pending one.
    const [rule] = await testDb.db.select().from(chargeRules).limit(1);
    const order = {
      userId: fan.user.id,
      channel: 'sandbox',
      diamonds: 10,
      priceMinor: 100,
      priceCurrency: 'CNY',
      createdAt: now,
    };
    if (rule) {
      await testDb.db.insert(payOrders).values({ ...order, orderNo: 'T-TASK-1', ruleId: rule.id });
      expect(await task(fan.token, 'recharge')).toMatchObject({ progress: 0 });
      await testDb.db.update(payOrders).set({ status: 'paid' }).where(eq(payOrders.orderNo, 'T-TASK-1'));
      expect(await task(fan.token, 'recharge')).toMatchObject({ progress: 1, status: 'claimable' });
    }

    // Fan club: a free join through the API.
    expect(
      (
        await call('/api/fansclub_user/join', {
          json: { anchor_id: anchor.user.id, price: 0 },
          headers: en(fan.token),
        })
      ).body.code,
    ).toBe(0);
    expect(await task(fan.token, 'fanClub')).toMatchObject({ progress: 1, status: 'claimable' });

    // A claim pays once; a second is refused and moves nothing.
    const paid = await claim(fan.token, 'chat');
    expect(paid.body).toMatchObject({ code: 0, data: { reward: 5, balance: 5 } });
    expect((await claim(fan.token, 'chat')).body).toMatchObject({
      code: 1,
      msg: "You've already claimed this task's reward.",
    });
    expect(await coins(fan.user.id)).toBe(5);
    expect(await task(fan.token, 'chat')).toMatchObject({ status: 'claimed' });

    // The next day the daily task starts again; a one-off task stays claimed.
    expect((await claim(fan.token, 'fanClub')).body.data.reward).toBe(30);
    now = new Date(START.getTime() + 24 * 60 * MIN);
    expect(await task(fan.token, 'chat')).toMatchObject({ progress: 0, status: 'todo' });
    expect(await task(fan.token, 'fanClub')).toMatchObject({ status: 'claimed' });
    expect((await claim(fan.token, 'fanClub')).body.code).toBe(1);
    expect(await checkLedger(testDb.db, HOLDINGS)).toMatchObject({ ok: true });
  });

  it('a follow counts once per anchor ever: follow-unfollow-follow is one', async () => {
    const fan = await makeSignedInUser(testDb.db);
    const [a, b, c] = [await anchorWithRoom(false), await anchorWithRoom(false), await anchorWithRoom(false)];
    const follow = (anchorId: number, type: number) =>
      call('/api/Member/attention', { json: { anchor_id: anchorId, type }, headers: en(fan.token) });
    for (const type of [1, 0, 1, 0, 1]) expect((await follow(a.user.id, type)).body.code).toBe(0);
    await follow(b.user.id, 1);
    await follow(b.user.id, 0);
    expect(await task(fan.token, 'follow')).toMatchObject({ progress: 2, target: 3, status: 'todo' });
    await follow(c.user.id, 1);
    expect(await task(fan.token, 'follow')).toMatchObject({ progress: 3, status: 'claimable' });
  });

  it('watch time comes from heartbeats in a live room, at most 90 s apart, never twice for two tabs', async () => {
    const fan = await makeSignedInUser(testDb.db);
    const live = await anchorWithRoom(true);
    const idle = await anchorWithRoom(false);
    // Beats in a room that is not live count nothing.
    for (let beat = 0; beat < 5; beat += 1)
      await recordWatchBeat(testDb.db, fan.user.id, idle.room.id, new Date(START.getTime() + beat * 30_000));
    expect(await task(fan.token, 'watch')).toMatchObject({ progress: 0, target: 10 });
    // 9 minutes of beats every 30 s, from two tabs at once.
    for (let beat = 0; beat <= 18; beat += 1) {
      const at = new Date(START.getTime() + 10 * MIN + beat * 30_000);
      await recordWatchBeat(testDb.db, fan.user.id, live.room.id, at);
      await recordWatchBeat(testDb.db, fan.user.id, live.room.id, at);
    }
    expect(await task(fan.token, 'watch')).toMatchObject({ progress: 9, status: 'todo' });
    // A gap of five minutes is not watching.
    await recordWatchBeat(testDb.db, fan.user.id, live.room.id, new Date(START.getTime() + 24 * MIN));
    expect(await task(fan.token, 'watch')).toMatchObject({ progress: 9 });
    await recordWatchBeat(testDb.db, fan.user.id, live.room.id, new Date(START.getTime() + 25 * MIN));
    expect(await task(fan.token, 'watch')).toMatchObject({ progress: 10, status: 'claimable' });
    expect((await claim(fan.token, 'watch')).body.data.reward).toBe(20);
  });

  it('caps coins from tasks a day: the last claim gets what is left, the next is refused', async () => {
    await saveTaskRules(testDb.db, { ...DEFAULT_RULES, dailyTaskCap: 12 }, START);
    try {
      const fan = await makeSignedInUser(testDb.db);
      const anchor = await anchorWithRoom();
      for (const content of ['one', 'two'])
        await call('/api/live/sendChatSensitive', {
          json: { room_id: anchor.room.id, content },
          headers: en(fan.token),
        });
      await call('/api/live/share', { json: { id: anchor.room.id }, headers: en(fan.token) });
      for (const other of [
        await anchorWithRoom(false),
        await anchorWithRoom(false),
        await anchorWithRoom(false),
      ])
        await call('/api/Member/attention', {
          json: { anchor_id: other.user.id, type: 1 },
          headers: en(fan.token),
        });
      expect((await claim(fan.token, 'chat')).body.data.reward).toBe(5);
      expect((await claim(fan.token, 'share')).body.data.reward).toBe(5);
      expect((await claim(fan.token, 'follow')).body.data.reward).toBe(2);
      expect(await coins(fan.user.id)).toBe(12);
      expect((await tasks(fan.token)).earned_today).toBe(12);
    } finally {
      await saveTaskRules(testDb.db, DEFAULT_RULES, START);
    }
  });

  it('concurrent claims of different tasks never pass the cap', async () => {
    await saveTaskRules(testDb.db, { ...DEFAULT_RULES, dailyTaskCap: 7 }, START);
    try {
      const fan = await makeSignedInUser(testDb.db);
      const anchor = await anchorWithRoom();
      await call('/api/live/sendChatSensitive', {
        json: { room_id: anchor.room.id, content: 'go' },
        headers: en(fan.token),
      });
      await call('/api/live/share', { json: { id: anchor.room.id }, headers: en(fan.token) });
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => claim(fan.token, 'chat')),
        ...Array.from({ length: 10 }, () => claim(fan.token, 'share')),
      ]);
      expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(2);
      expect(await coins(fan.user.id)).toBe(7);
      const refused = answers.find((answer) => answer.body.code === 1 && answer.body.msg.includes('limit'));
      expect(refused ?? answers.find((answer) => answer.body.code === 1)).toBeDefined();
    } finally {
      await saveTaskRules(testDb.db, DEFAULT_RULES, START);
    }
  });

  it('refuses an unknown task and a guest', async () => {
    const fan = await makeSignedInUser(testDb.db);
    expect((await claim(fan.token, 'mine')).body.code).toBe(1);
    expect((await call('/api/Activity_Config/receive_task', { json: { id: 'chat' } })).body.code).toBe(700);
    expect((await call('/api/Activity_Config/user_task_list', { json: {} })).body.code).toBe(700);
  });
});

describe('coins never leave', () => {
  it('no money call spends, withdraws, converts or gives away coins', async () => {
    const fan = await makeSignedInUser(testDb.db);
    const anchor = await anchorWithRoom();
    expect((await sign(fan.token, 1)).body.code).toBe(0);
    expect(await coins(fan.user.id)).toBe(5);
    const h = en(fan.token);
    const gift = await whistle();
    const attempts = [
      call(`/api/member/handselGift?room_id=${anchor.room.id}&gift_id=${gift.id}&num=1&key=coingift0001`, {
        headers: h,
      }),
      call('/api/guard_user/buy', { json: { tier: 1, months: 1, pay_with: 'coin' }, headers: h }),
      call('/api/Fansclub/setting', { json: { name: 'x', price: 1 }, headers: en(anchor.token) }).then(() =>
        call('/api/fansclub_user/join', { json: { anchor_id: anchor.user.id, price: 1 }, headers: h }),
      ),
      call('/api/Member/sneHorn', { json: { content: 'hello', currency: 'coin' }, headers: h }),
      call('/api/Redenvelope/insert', {
        json: { room_id: anchor.room.id, amount: 5, count: 1, currency: 'coin' },
        headers: h,
      }),
      call('/api/Balance/applyForWithdrawal', { json: { amount: 5, currency: 'coin' }, headers: h }),
      call('/api/Balance/conversionBalance', { json: { amount: 5, currency: 'coin' }, headers: h }),
    ];
    for (const attempt of attempts) expect((await attempt).body.code).not.toBe(0);
    expect(await coins(fan.user.id)).toBe(5);
    const { rows } = await testDb.db.execute<{ n: number }>(sql`
      select count(*)::int as n from wallet_transfers t join wallet_accounts a on a.id = t.from_account
      where a.kind = 'user' and a.user_id = ${fan.user.id} and t.currency = 'coin'`);
    expect(rows[0]!.n).toBe(0);
    expect(await checkLedger(testDb.db, HOLDINGS)).toMatchObject({ ok: true });
    // The wallet's coin records hold the sign-in, and only coin lines.
    const records = await call<{ list: { kind: string; currency: string; amount: number }[] }>(
      '/api/Order/getList?type=coin',
      { headers: h },
    );
    expect(records.body.data.list).toEqual([
      expect.objectContaining({ kind: 'sign_in', currency: 'coin', amount: 5 }),
    ]);
  });
});

it('keeps users unchanged by reading tasks (no write on a read)', async () => {
  const fan = await makeSignedInUser(testDb.db);
  const [before] = await testDb.db.select().from(users).where(eq(users.id, fan.user.id));
  await tasks(fan.token);
  const [after] = await testDb.db.select().from(users).where(eq(users.id, fan.user.id));
  expect(after).toEqual(before);
});

describe('the rules are configuration (api/admin/tasks/rules, saveRules)', () => {
  const rules = (token: string) =>
    call<typeof DEFAULT_RULES>('/api/admin/tasks/rules', { headers: en(token) });
  const save = (token: string, json: unknown) =>
    call<typeof DEFAULT_RULES>('/api/admin/tasks/saveRules', { json, headers: en(token) });
  afterEach(async () => {
    await saveTaskRules(testDb.db, DEFAULT_RULES, START);
  });

  it('a change applies at once: sign-in rewards, one task, the cap; the rest stays', async () => {
    const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
    expect((await rules(finance.token)).body.data).toEqual(DEFAULT_RULES);
    const signRewards = [7, 8, 9, 10, 11, 12, 70];
    const saved = await save(finance.token, {
      signRewards,
      dailyTaskCap: 40,
      tasks: { chat: { reward: 9, target: 2 } },
    });
    expect(saved.body.data).toEqual({
      ...DEFAULT_RULES,
      signRewards,
      dailyTaskCap: 40,
      tasks: { ...DEFAULT_RULES.tasks, chat: { reward: 9, target: 2 } },
    });
    const fan = await makeSignedInUser(testDb.db);
    expect((await signList(fan.token)).body.data.list.map((day) => day.reward)).toEqual(signRewards);
    expect((await sign(fan.token, 1)).body.data.reward).toBe(7);
    const list = await tasks(fan.token);
    expect(list.daily_cap).toBe(40);
    expect(list.list.find((row) => row.id === 'chat')).toMatchObject({ reward: 9, target: 2 });
    expect(list.list.find((row) => row.id === 'gift')).toMatchObject(DEFAULT_RULES.tasks.gift);
  });

  it('bad input is refused with a clear error and changes nothing', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    for (const json of [
      { signRewards: [1, 2, 3] },
      { dailyTaskCap: -1 },
      { timeZone: 'Mars/Olympus' },
      { tasks: { chat: { reward: 0, target: 1 } } },
      { tasks: { dance: { reward: 5, target: 1 } } },
      { cap: 10 },
    ]) {
      const answer = await save(operator.token, json);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(1);
      expect(answer.body.msg).toBeTruthy();
    }
    expect((await rules(operator.token)).body.data).toEqual(DEFAULT_RULES);
  });

  it('refuses moderators, users and guests', async () => {
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    const fan = await makeSignedInUser(testDb.db);
    for (const token of [moderator.token, fan.token]) {
      expect((await rules(token)).status).toBe(403);
      expect((await save(token, { dailyTaskCap: 1 })).status).toBe(403);
    }
    expect(
      (await call('/api/admin/tasks/saveRules', { json: { dailyTaskCap: 1 }, headers: en() })).body.code,
    ).toBe(700);
    expect((await tasks(fan.token)).daily_cap).toBe(DEFAULT_RULES.dailyTaskCap);
  });
});
