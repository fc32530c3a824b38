// Act from the report (issue #41 item 2): upholding a report case may also warn, mute or ban the author
// of what was reported in the same decision. A mute takes the post down, mutes the author until its end
// and tells them (the case file's notice: the end and the reason code, written in their zone and language
// by the message centre), audited as the case file's sanction; a warning is a notice only. Bad input (an
// end in the past, an unknown kind, a sanction with a bulk or a dismissal) refuses the whole decision and
// changes nothing.
import { and, eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { auditLog } from '@/lib/audit/schema';
import { circlePosts, circles } from '@/lib/circles/schema';
import { translator } from '@/lib/i18n/translate';
import { notices } from '@/lib/im/schema';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { posts } from '@/lib/posts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';

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
      slug: 'general:case-sanction',
      kind: 'general',
      names: { 'zh-CN': '综合', 'zh-TW': '綜合', en: 'General', vi: 'Chung' } as never,
    })
    .returning();
  circleId = circle!.id;
});
afterAll(() => testDb.close());

const hours = (n: number) => new Date(NOON.getTime() + n * 3_600_000).toISOString();

async function reportedPost() {
  const author = await makeSignedInUser(testDb.db);
  const [post] = await testDb.db
    .insert(posts)
    .values({ authorId: author.user.id, channel: 'circle', body: 'Bet here, 100% wins', createdAt: NOON })
    .returning();
  await testDb.db.insert(circlePosts).values({ postId: post!.id, circleId });
  const reporter = await makeSignedInUser(testDb.db);
  const made = await call<{ id: number }>('/api/Reportuser/insert', {
    headers: { lang: 'en', token: reporter.token },
    json: { target_type: 'post', target_id: post!.id, classify_id: reasonId },
  });
  expect(made.body.code).toBe(0);
  return { author, post: post!, reporter, caseId: made.body.data.id };
}

const uphold = (token: string, json: object) =>
  call<{ results: { id: number; ok: boolean }[] }>('/api/admin/review/report/decide', {
    headers: { lang: 'en', token },
    json: { approve: true, reason_code: 'illegal', reason: 'gambling ads', ...json },
  });

const noticesOf = (userId: number) => testDb.db.select().from(notices).where(eq(notices.userId, userId));
const userRow = async (id: number) => (await testDb.db.select().from(users).where(eq(users.id, id)))[0]!;

it('takes the post down and mutes its author in one decision, told in their language, audited as a sanction', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { author, post, caseId } = await reportedPost();
  const decided = await uphold(moderator.token, {
    ids: [caseId],
    sanction: { kind: 'mute', until: hours(24) },
  });
  expect(decided.body.code).toBe(0);
  expect(decided.body.data.results).toEqual([expect.objectContaining({ id: caseId, ok: true })]);

  const [taken] = await testDb.db.select().from(posts).where(eq(posts.id, post.id));
  expect(taken!.reviewStatus).toBe('rejected');
  expect((await userRow(author.user.id)).mutedUntil).toEqual(new Date(hours(24)));
  const told = await noticesOf(author.user.id);
  expect(told.map((notice) => notice.subject).sort()).toEqual(['content_removed', 'sanctioned']);
  const muted = told.find((notice) => notice.subject === 'sanctioned')!;
  expect(muted.params).toEqual({ kind: 'mute', until: hours(24), reason: 'illegal', note: 'gambling ads' });
  // The message centre writes it in the reader's words (the end in their zone: components/im/notices-panel.tsx).
  const t = translator('en') as unknown as (key: string, values: object) => string;
  expect(
    t('im.notices.subjects.sanctioned', {
      kind: t('im.notices.sanctionKinds.mute', {}),
      until: 'Jun 2, 2026',
      reason: t('im.notices.reasons.illegal', {}),
      note: ' · gambling ads',
    }),
  ).toBe('You were muted until Jun 2, 2026: illegal content (including gambling) · gambling ads');

  const audited = await testDb.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, '/api/admin/users/sanction'), eq(auditLog.targetId, String(author.user.id))),
    );
  expect(audited).toEqual([
    expect.objectContaining({
      actorId: moderator.user.id,
      targetType: 'user',
      before: { muted_until: null },
      after: { muted_until: hours(24) },
      reason: 'illegal · gambling ads',
    }),
  ]);
  const [decision] = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/review/report/decide'));
  expect(JSON.stringify(decision!.after)).toContain(`"sanction":{"kind":"mute","user_id":${author.user.id}}`);
});

it('warns the author with a notice only: no end, nothing refused', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { author, caseId } = await reportedPost();
  const decided = await uphold(moderator.token, { ids: [caseId], sanction: { kind: 'warn' } });
  expect(decided.body.code).toBe(0);
  const row = await userRow(author.user.id);
  expect([row.mutedUntil, row.bannedUntil]).toEqual([null, null]);
  const warned = (await noticesOf(author.user.id)).find((notice) => notice.subject === 'warned')!;
  expect(warned.params).toEqual({ kind: 'warn', reason: 'illegal', note: 'gambling ads' });
  const t = translator('vi') as unknown as (key: string, values: object) => string;
  expect(
    t('im.notices.subjects.warned', { reason: t('im.notices.reasons.illegal', {}), note: ' · gambling ads' }),
  ).toMatch(/^Bạn bị cảnh cáo vì vi phạm quy tắc cộng đồng: .+ · gambling ads$/);
});

it('refuses bad input as a whole, in the reader language, and changes nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { author, post, caseId, reporter } = await reportedPost();
  const second = await reportedPost();
  const cases: [object, number, string][] = [
    [
      { ids: [caseId], sanction: { kind: 'mute', until: hours(-1) } },
      200,
      'The end time must be in the future and within ten years',
    ],
    [
      { ids: [caseId], sanction: { kind: 'ban' } },
      200,
      'The end time must be in the future and within ten years',
    ],
    [
      { ids: [caseId], sanction: { kind: 'mute', until: hours(24 * 3651) } },
      200,
      'The end time must be in the future and within ten years',
    ],
    [
      { ids: [caseId, second.caseId], sanction: { kind: 'warn' } },
      200,
      'A sanction can only go with upholding one report case',
    ],
    [
      { ids: [caseId], approve: false, reason_code: 'no_violation', sanction: { kind: 'warn' } },
      200,
      'A sanction can only go with upholding one report case',
    ],
  ];
  for (const [json, , msg] of cases) {
    const refused = await uphold(moderator.token, json);
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.msg).toBe(msg);
  }
  // An unknown kind fails the input's check.
  const unknown = await uphold(moderator.token, { ids: [caseId], sanction: { kind: 'shadowban' } });
  expect(unknown.body.code).not.toBe(0);
  expect(unknown.status).toBe(400);
  // A sanction on a source without an author (a withdrawal) is refused too.
  const elsewhere = await call('/api/admin/review/horn/decide', {
    headers: { lang: 'zh-CN', token: moderator.token },
    json: { ids: [1], approve: true, reason_code: 'meets_rules', sanction: { kind: 'warn' } },
  });
  expect(elsewhere.body.msg).toBe('这项处罚只能随一件举报的确认违规一起作出');

  const [still] = await testDb.db.select().from(posts).where(eq(posts.id, post.id));
  expect(still!.reviewStatus).not.toBe('rejected');
  const row = await userRow(author.user.id);
  expect([row.mutedUntil, row.bannedUntil]).toEqual([null, null]);
  expect(await noticesOf(author.user.id)).toEqual([]);
  expect(await noticesOf(reporter.user.id)).toEqual([]);
  const [open] = await testDb.db.select().from(reports).where(eq(reports.id, caseId));
  expect(open!.status).toBe('open');
});
