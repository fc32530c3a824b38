// Report cases, taking an item and the decided view through the API (issue #41): two reports on one post
// are one row with both reporters; a moderator takes it ("我来处理") and a colleague who tries next is told
// who has it; bad input and a reporter who is staff are refused and change nothing; dismissing the case
// closes both reports, and the decided view names the moderator, the decision, the person and the reason.
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { circlePosts, circles } from '@/lib/circles/schema';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { posts } from '@/lib/posts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { reviewClaims } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let reasonId: number;
let circleId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedReportReasons(testDb.db);
  reasonId = (await testDb.db.select().from(reportReasons)).find((row) => row.code !== 'other')!.id;
  const [circle] = await testDb.db
    .insert(circles)
    .values({
      slug: 'general:cases',
      kind: 'general',
      names: { 'zh-CN': '综合', 'zh-TW': '綜合', en: 'General', vi: 'Chung' } as never,
    })
    .returning();
  circleId = circle!.id;
});
afterAll(() => testDb.close());

const en = (token: string) => ({ lang: 'en', token });

type Row = {
  id: number;
  case: { reports: number; reporters: { id: number; nickname: string }[]; reasons: string[] } | null;
  taken_by: { id: number; nickname: string } | null;
};
const reportList = (token: string) =>
  call<{ total: number; list: Row[] }>('/api/admin/review/report/list', { headers: en(token) });
const take = (token: string, json: unknown) =>
  call<{ id: number; taken_by: { id: number; nickname: string } }>('/api/admin/review/report/take', {
    headers: en(token),
    json,
  });

async function reportedPost() {
  const author = await makeSignedInUser(testDb.db);
  const [post] = await testDb.db
    .insert(posts)
    .values({
      authorId: author.user.id,
      channel: 'circle',
      body: 'Click here for free tips',
      createdAt: NOON,
    })
    .returning();
  await testDb.db.insert(circlePosts).values({ postId: post!.id, circleId });
  const reporters = [];
  for (const nickname of ['Reporter Ann', 'Reporter Bo']) {
    const reporter = await makeSignedInUser(testDb.db, { nickname });
    const made = await call<{ id: number }>('/api/Reportuser/insert', {
      headers: en(reporter.token),
      json: { target_type: 'post', target_id: post!.id, classify_id: reasonId },
    });
    expect(made.body.code).toBe(0);
    reporters.push({ ...reporter, reportId: made.body.data.id });
  }
  return { author, post: post!, reporters };
}

it('gathers two reports on one post into one case, taken by one moderator, decided and listed as decided', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator', nickname: 'Mod Zhao' });
  const colleague = await makeSignedInUser(testDb.db, { role: 'moderator', nickname: 'Mod Qian' });
  const { reporters } = await reportedPost();
  const caseId = reporters[0]!.reportId;

  const listed = await reportList(moderator.token);
  expect(listed.body.data.total).toBe(1);
  expect(listed.body.data.list).toEqual([
    expect.objectContaining({
      id: caseId,
      case: expect.objectContaining({
        reports: 2,
        reporters: [
          { id: reporters[0]!.user.id, nickname: 'Reporter Ann' },
          { id: reporters[1]!.user.id, nickname: 'Reporter Bo' },
        ],
      }),
      taken_by: null,
    }),
  ]);

  const taken = await take(moderator.token, { id: caseId });
  expect(taken.status).toBe(200);
  expect(taken.body.data.taken_by).toMatchObject({ id: moderator.user.id, nickname: 'Mod Zhao' });
  // Taking one's own again changes nothing; a colleague is told who has it.
  expect((await take(moderator.token, { id: caseId })).status).toBe(200);
  const refused = await take(colleague.token, { id: caseId });
  expect(refused.status).toBe(409);
  expect(refused.body.msg).toBe('Mod Zhao is already handling this');
  expect((await reportList(colleague.token)).body.data.list[0]!.taken_by).toMatchObject({
    id: moderator.user.id,
    nickname: 'Mod Zhao',
  });

  const dismissed = await decideInQueue(call, moderator.token, 'report', caseId, false, {
    reasonCode: 'no_violation',
    note: 'a fair preview',
  });
  expect(dismissed.body.data.results[0]).toMatchObject({ ok: true });
  const statuses = (await testDb.db.select({ id: reports.id, status: reports.status }).from(reports)).filter(
    (row) => reporters.some((reporter) => reporter.reportId === row.id),
  );
  expect(statuses.map((row) => row.status)).toEqual(['dismissed', 'dismissed']);
  expect((await reportList(moderator.token)).body.data.total).toBe(0);

  type Decided = {
    total: number;
    list: {
      actor: { id: number; nickname: string; role: string };
      items: { id: number; decision: string; user: { nickname: string } | null }[];
      reason_code: string;
      reason: string;
    }[];
  };
  const decided = await call<Decided>('/api/admin/review/report/decided?page=1&size=20', {
    headers: en(colleague.token),
  });
  expect(decided.status).toBe(200);
  expect(decided.body.data.total).toBe(1);
  expect(decided.body.data.list[0]).toMatchObject({
    actor: { id: moderator.user.id, nickname: 'Mod Zhao', role: 'moderator' },
    items: [{ id: caseId, decision: 'reject', user: { nickname: 'Reporter Ann' } }],
    reason_code: 'no_violation',
    reason: 'a fair preview',
  });
});

it('refuses bad input, a missing item and a reporter who is staff, and takes nothing', async () => {
  const { reporters } = await reportedPost();
  const caseId = reporters[0]!.reportId;
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const before = await testDb.db.select().from(reviewClaims);

  for (const json of [{}, { id: 0 }, { id: 'abc' }, { id: -3 }]) {
    const refused = await take(moderator.token, json);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1);
  }
  const missing = await take(moderator.token, { id: 2_000_000_000 });
  expect(missing.status).toBe(404);
  expect(missing.body.msg).toBe('This item no longer exists');

  // A reporter made moderator may not handle the case they reported.
  await testDb.db.update(users).set({ role: 'moderator' }).where(eq(users.id, reporters[1]!.user.id));
  const own = await take(reporters[1]!.token, { id: caseId });
  expect(own.status).toBe(403);

  const page = await call('/api/admin/review/report/decided?page=0', { headers: en(moderator.token) });
  expect(page.status).toBe(400);
  const size = await call('/api/admin/review/report/decided?size=1000', { headers: en(moderator.token) });
  expect(size.status).toBe(400);
  expect(await testDb.db.select().from(reviewClaims)).toEqual(before);
});
