// No one decides their own case (issue 40 item 9): for EVERY registered queue source, a pending item that
// concerns a staff member (theirs, or they are party to it) is refused to them with `REVIEW_OWN_ITEM`,
// alone and in bulk, and nothing changes (the item, notices, the ledger); a colleague then decides it.
// A source registered without a fixture here fails the first test.

import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { chatMessages } from '@/lib/chat/schema';
import { submitExpertApplication } from '@/lib/experts/applications';
import { experts } from '@/lib/experts/schema';
import { setHornReview } from '@/lib/horn/service';
import { notices } from '@/lib/im/schema';
import { invitations } from '@/lib/invites/schema';
import { anchorApplications } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { postComments, posts } from '@/lib/posts/schema';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { walletTransfers } from '@/lib/wallet/schema';
import { queueSources } from './source';

process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

const NOW = new Date('2026-06-01T04:00:00Z');
/** Every staff member's (and buyer's) payment PIN: spends ask for it where one is set. */
const PIN = '246810';
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
const en = (token: string) => ({ lang: 'en', token });

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
  await seedReportReasons(testDb.db);
}, 30_000);
afterAll(async () => {
  delete process.env.EXPERT_PRICING_MIN_GRADED;
  delete process.env.EXPERT_PRICING_MIN_HIT_RATE;
  await testDb.close();
});

type Staff = Awaited<ReturnType<typeof makeSignedInUser>>;
/** A pending item of the source that concerns `staff`, and how the colleague decides it. */
type Fixture = { id: number; approve: boolean; reasonCode?: string };
type Maker = (staff: Staff) => Promise<Fixture>;

let counter = 0;
const next = () => ++counter;

async function withdrawalOf(anchor: Staff) {
  await fundUser(testDb.db, anchor.user.id, 'yellow', 1000);
  await call(`/api/Bank_card/bindAliPay?account=own${next()}%40example.com&real_name=Li%20Lei`, {
    headers: en(anchor.token),
  });
  const applied = await call<{ id: number }>(
    `/api/Balance/applyForWithdrawal?amount=300&type=alipay&pay_password=${PIN}&key=ownwithdraw${next()}`,
    { headers: en(anchor.token) },
  );
  expect(applied.body).toMatchObject({ code: 0 });
  return applied.body.data.id;
}

async function pendingPost(authorId: number, channel: 'circle' | 'video') {
  const [row] = await testDb.db
    .insert(posts)
    .values({ authorId, channel, body: `mine ${next()}`, reviewStatus: 'pending', createdAt: NOW })
    .returning();
  return row!.id;
}

/** A comment of `authorId` a review word held, on someone else's post. */
async function heldComment(authorId: number) {
  const [post] = await testDb.db
    .insert(posts)
    .values({
      authorId: (await makeUser(testDb.db)).id,
      channel: 'circle',
      body: `theirs ${next()}`,
      createdAt: NOW,
    })
    .returning();
  const [row] = await testDb.db
    .insert(postComments)
    .values({ postId: post!.id, authorId, body: `held ${next()}`, reviewStatus: 'pending', createdAt: NOW })
    .returning();
  return row!.id;
}

/** A chat line of `userId` a review word held, in someone else's live room. */
async function heldChatLine(userId: number) {
  const room = await ensureRoom(testDb.db, (await makeUser(testDb.db)).id);
  const [row] = await testDb.db
    .insert(chatMessages)
    .values({
      channelKind: 'live',
      channelId: room.id,
      userId,
      content: `held ${next()}`,
      reviewStatus: 'pending',
      createdAt: NOW,
    })
    .returning();
  return row!.id;
}

async function openReport(reporterId: number, targetType: 'user' | 'room', targetId: number) {
  const [reason] = await testDb.db.select().from(reportReasons).limit(1);
  const [row] = await testDb.db
    .insert(reports)
    .values({ reporterId, targetType, targetId, reasonId: reason!.id, createdAt: NOW })
    .returning();
  return row!.id;
}

async function heldInvitation(inviterId: number, inviteeId: number) {
  await testDb.db.insert(invitations).values({
    inviteeId,
    inviterId,
    address: `10.40.0.${next()}`,
    device: `own-${next()}`,
    status: 'held',
    reason: 'active_days',
    holdReason: 'same_address',
    createdAt: NOW,
  });
  return inviteeId;
}

/** A match two days ahead, for plans. */
let futureMatch = 0;
async function matchAhead() {
  if (futureMatch) return futureMatch;
  const [league] = await testDb.db
    .insert(competitions)
    .values({
      code: 'own.1',
      sport: 'football',
      kind: 'league',
      region: 'test',
      sourceName: 'Own League',
      source: 'test',
    })
    .returning();
  const [season] = await testDb.db
    .insert(seasons)
    .values({ competitionId: league!.id, key: '2026', sourceName: '2026' })
    .returning();
  const [home, away] = await testDb.db
    .insert(teams)
    .values([
      { sport: 'football', sourceName: 'Own City', crestColors: ['#000000', '#ffffff'] },
      { sport: 'football', sourceName: 'Own Rovers', crestColors: ['#ffffff', '#000000'] },
    ])
    .returning();
  const [match] = await testDb.db
    .insert(matches)
    .values({
      seasonId: season!.id,
      source: 'test',
      round: '1',
      homeTeamId: home!.id,
      awayTeamId: away!.id,
      externalId: 'own-ahead',
      kickoffAt: new Date(NOW.getTime() + 2 * 24 * 3600_000),
    })
    .returning();
  futureMatch = match!.id;
  return futureMatch;
}

/** An open dispute of a paid plan by `buyer` of `expert`'s plan. */
async function planDispute(expert: Staff, buyer: Staff) {
  await testDb.db
    .insert(experts)
    .values({ userId: expert.user.id, sports: ['football'], experience: '十年足球分析', approvedAt: NOW })
    .onConflictDoNothing();
  const published = await call<{ id: number }>('/api/expert/plan/publish', {
    headers: en(expert.token),
    json: {
      match_id: await matchAhead(),
      title: `Own plan ${next()}`,
      selections: [{ market: 'football_1x2', pick: 'home' }],
      reasoning: '两队近期状态与伤停情况对比明显，给出本场判断，赛后自动结算。',
      price: 50,
    },
  });
  expect(published.body.code).toBe(0);
  await fundUser(testDb.db, buyer.user.id, 'star', 100);
  const planId = published.body.data.id;
  expect(
    (
      await call('/api/expert/plan/buy', {
        headers: en(buyer.token),
        json: { id: planId, pay_password: PIN },
      })
    ).body.code,
  ).toBe(0);
  const disputed = await call('/api/expert/plan/dispute', {
    headers: en(buyer.token),
    json: { id: planId, reason_code: 'wrong_result', text: '比分和官方公布的不一致' },
  });
  expect(disputed.body.code).toBe(0);
  const [row] = await testDb.db
    .execute<{ id: number }>(sql`select id from plan_disputes where plan_id = ${planId} and status = 'open'`)
    .then((result) => result.rows);
  return row!.id;
}

/** A guess `anchor` settled in their room, disputed within the window by `disputer`. */
async function guessDispute(anchor: Staff, disputer: Staff) {
  const roomId = (await ensureRoom(testDb.db, anchor.user.id)).id;
  const opened = await call<{ id: number }>('/api/guess/open', {
    headers: en(anchor.token),
    json: { room_id: roomId, question: 'Who scores first?', outcomes: ['Yes', 'No'], window_seconds: 300 },
  });
  expect(opened.body.code).toBe(0);
  const guessId = opened.body.data.id;
  const outcomes = (
    await testDb.db.execute<{ id: number }>(
      sql`select id from guess_outcomes where guess_id = ${guessId} order by position`,
    )
  ).rows.map((row) => row.id);
  await fundUser(testDb.db, disputer.user.id, 'coin', 100);
  expect(
    (
      await call('/api/guess/stake', {
        headers: en(disputer.token),
        json: { key: `own${next()}`.padEnd(12, '0'), guess_id: guessId, outcome_id: outcomes[1], amount: 10 },
      })
    ).body.code,
  ).toBe(0);
  expect(
    (
      await call('/api/guess/settle', {
        headers: en(anchor.token),
        json: { guess_id: guessId, outcome_id: outcomes[0] },
      })
    ).body.code,
  ).toBe(0);
  const disputed = await call('/api/guess/dispute', {
    headers: en(disputer.token),
    json: { guess_id: guessId, reason_code: 'wrong_result', text: 'No. 9 scored first' },
  });
  expect(disputed.body.code).toBe(0);
  return guessId;
}

const viewer = () => makeSignedInUser(testDb.db, { isAnchor: true });

/** Every registered source, each way an item can concern a staff member. */
const FIXTURES: Record<string, Record<string, Maker>> = {
  anchorApplication: {
    applicant: async (staff) => {
      const [row] = await testDb.db
        .insert(anchorApplications)
        .values({
          userId: staff.user.id,
          realName: 'Own Name',
          contact: '13800000009',
          idNumber: '110101199001011234',
          idPhotoKey: 'applications/own.jpg',
          experience: 'Commentated my own matches',
        })
        .returning();
      return { id: row!.id, approve: true, reasonCode: 'verified' };
    },
  },
  expertApplication: {
    applicant: async (staff) => ({
      id: (
        await submitExpertApplication(
          testDb.db,
          staff.user.id,
          { sports: ['football'], experience: 'Ten seasons of my own analysis', contact: 'wx: own' },
          NOW,
        )
      ).id,
      approve: true,
      reasonCode: 'meets_rules',
    }),
  },
  horn: {
    sender: async (staff) => {
      await setHornReview(testDb.db, true, NOW);
      await fundUser(testDb.db, staff.user.id, 'star', 10_000);
      const sent = await call<{ id: number; status: string }>(
        `/api/Member/sneHorn?${new URLSearchParams({ content: `my horn ${next()}`, key: `own-horn-${next()}`, pay_password: PIN })}`,
        { headers: en(staff.token) },
      );
      expect(sent.body.data.status).toBe('pending');
      return { id: sent.body.data.id, approve: false };
    },
  },
  circlePost: {
    author: async (staff) => ({ id: await pendingPost(staff.user.id, 'circle'), approve: true }),
  },
  video: { author: async (staff) => ({ id: await pendingPost(staff.user.id, 'video'), approve: false }) },
  comment: { author: async (staff) => ({ id: await heldComment(staff.user.id), approve: true }) },
  chatMessage: { sender: async (staff) => ({ id: await heldChatLine(staff.user.id), approve: true }) },
  report: {
    reporter: async (staff) => ({
      id: await openReport(staff.user.id, 'user', (await makeUser(testDb.db)).id),
      approve: false,
    }),
    'reported user': async (staff) => ({
      id: await openReport((await makeUser(testDb.db)).id, 'user', staff.user.id),
      approve: false,
    }),
    "reported room's anchor": async (staff) => ({
      id: await openReport(
        (await makeUser(testDb.db)).id,
        'room',
        (await ensureRoom(testDb.db, staff.user.id)).id,
      ),
      approve: true,
      reasonCode: 'spam',
    }),
  },
  withdrawal: { anchor: async (staff) => ({ id: await withdrawalOf(staff), approve: false }) },
  invitation: {
    inviter: async (staff) => ({
      id: await heldInvitation(staff.user.id, (await makeUser(testDb.db)).id),
      approve: true,
    }),
    invitee: async (staff) => ({
      id: await heldInvitation((await makeUser(testDb.db)).id, staff.user.id),
      approve: false,
    }),
  },
  expertPlan: {
    disputer: async (staff) => ({ id: await planDispute(await viewer(), staff), approve: false }),
    expert: async (staff) => ({ id: await planDispute(staff, await viewer()), approve: false }),
  },
  guessDispute: {
    disputer: async (staff) => ({ id: await guessDispute(await viewer(), staff), approve: false }),
    anchor: async (staff) => ({ id: await guessDispute(staff, await viewer()), approve: false }),
  },
};

it('every registered source has a fixture here', () => {
  expect(Object.keys(FIXTURES).sort()).toEqual(
    queueSources()
      .map((source) => source.key)
      .sort(),
  );
});

const cases = Object.entries(FIXTURES).flatMap(([key, makers]) =>
  Object.entries(makers).map(([party, make]) => [key, party, make] as const),
);

/** What a refused decision must leave as it was: the item's own row, every notice, every transfer. */
async function world(key: string, id: number) {
  const [noticeCount] = await testDb.db.select({ n: count() }).from(notices);
  const [transferCount] = await testDb.db.select({ n: count() }).from(walletTransfers);
  return {
    notices: noticeCount!.n,
    transfers: transferCount!.n,
    // The item is still waiting in its source's queue.
    waiting: (await queueList<{ id: number }>(call, operator.token, key, 'size=100')).body.data.list.some(
      (item) => item.id === id,
    ),
  };
}

let operator: Staff;
beforeAll(async () => {
  operator = await makeSignedInUser(testDb.db, { role: 'operator' });
});

it.each(cases)(
  '%s: an item whose %s is the reviewer is refused to them; a colleague decides it',
  async (key, _party, make) => {
    const source = queueSources().find((candidate) => candidate.key === key)!;
    const role = source.staff[0] ?? 'operator';
    const staff = await makeSignedInUser(testDb.db, {
      role,
      isAnchor: true,
      paymentPasswordHash: await hashPassword(PIN),
    });
    const colleague = await makeSignedInUser(testDb.db, { role });
    const fixture = await make(staff);
    const reason = { reasonCode: fixture.reasonCode ?? 'other' };
    const before = await world(key, fixture.id);
    expect(before.waiting).toBe(true);

    // The list marks it as not theirs to decide; for the colleague it is.
    type Listed = { id: number; concerns_me: boolean };
    const listed = async (token: string) =>
      (await queueList<Listed>(call, token, key, 'size=100')).body.data.list.find(
        (item) => item.id === fixture.id,
      );
    expect(await listed(staff.token)).toMatchObject({ concerns_me: true });
    expect(await listed(colleague.token)).toMatchObject({ concerns_me: false });

    // Alone: the call is refused with the translated reason. In bulk: that item is refused by its code.
    const alone = await decideInQueue(call, staff.token, key, fixture.id, fixture.approve, reason);
    expect(alone.status).toBe(403);
    expect(alone.body).toMatchObject({
      code: 1,
      msg: 'You can’t decide something that concerns you; please leave it to a colleague',
    });
    const bulk = await decideInQueue(
      call,
      staff.token,
      key,
      [fixture.id, 2_000_000_000],
      fixture.approve,
      reason,
    );
    expect(bulk.body.data.results[0]).toMatchObject({ id: fixture.id, ok: false, code: 'REVIEW_OWN_ITEM' });
    expect(await world(key, fixture.id)).toEqual(before);

    const decided = await decideInQueue(call, colleague.token, key, fixture.id, fixture.approve, reason);
    expect(decided.body).toMatchObject({ code: 0 });
    expect(decided.body.data.results[0]).toMatchObject({ id: fixture.id, ok: true });
    expect((await world(key, fixture.id)).waiting).toBe(false);
  },
);

it('says so in every language, and an operator is refused their own item too', async () => {
  const own = await makeSignedInUser(testDb.db, { role: 'operator' });
  const id = await pendingPost(own.user.id, 'circle');
  const words: Record<string, string> = {
    'zh-CN': '不能审核与自己有关的事项，请交由其他同事处理',
    'zh-TW': '不能審核與自己有關的事項，請交由其他同事處理',
    vi: 'Bạn không thể duyệt việc liên quan đến chính mình, vui lòng để đồng nghiệp khác xử lý',
  };
  for (const [lang, msg] of Object.entries(words)) {
    const refused = await call('/api/admin/review/circlePost/decide', {
      headers: { lang, token: own.token },
      json: { ids: [id], approve: true, reason_code: 'meets_rules' },
    });
    expect(refused.body).toMatchObject({ code: 1, msg });
  }
  const [row] = await testDb.db.select().from(posts).where(eq(posts.id, id));
  expect(row!.reviewStatus).toBe('pending');
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});
