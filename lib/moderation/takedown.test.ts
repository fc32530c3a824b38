// Upholding a report takes the reported content down (issue #41): in the decision's transaction the post
// is hidden from the community list and its pages, a comment is deleted as a moderator's delete does, the
// author is told in their message centre, and every other open report about it is closed by the same
// decision; the audit says what was taken down. Dismissing leaves the content (and dismisses the case's
// other reports), and a report against a room takes nothing down.
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { chatMessages } from '@/lib/chat/schema';
import { circlePosts, circles } from '@/lib/circles/schema';
import { notices } from '@/lib/im/schema';
import { ensureRoom } from '@/lib/live/service';
import { postComments, posts } from '@/lib/posts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { seedReportReasons } from './report-reasons';
import { reportReasons, reports } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let gambling: number;
let circleId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedReportReasons(testDb.db);
  gambling = (await testDb.db.select().from(reportReasons)).find((row) => row.code !== 'other')!.id;
  const [circle] = await testDb.db
    .insert(circles)
    .values({
      slug: 'general:takedown',
      kind: 'general',
      names: { 'zh-CN': '综合', 'zh-TW': '綜合', en: 'General', vi: 'Chung' } as never,
    })
    .returning();
  circleId = circle!.id;
});
afterAll(() => testDb.close());

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
const noticesOf = (userId: number) => testDb.db.select().from(notices).where(eq(notices.userId, userId));

async function circlePost(body: string) {
  const author = await makeSignedInUser(testDb.db);
  const [post] = await testDb.db
    .insert(posts)
    .values({ authorId: author.user.id, channel: 'circle', body, createdAt: NOON })
    .returning();
  await testDb.db.insert(circlePosts).values({ postId: post!.id, circleId });
  return { author, post: post! };
}

/** A signed-in viewer reports the target; answers the report's id. */
async function report(targetType: string, targetId: number) {
  const reporter = await makeSignedInUser(testDb.db);
  const made = await call<{ id: number }>('/api/Reportuser/insert', {
    headers: en(reporter.token),
    json: { target_type: targetType, target_id: targetId, classify_id: gambling },
  });
  expect(made.body.code).toBe(0);
  return { reporter, id: made.body.data.id };
}

const postIds = async () => {
  const listed = await call<{ list: { id: number }[] }>(`/api/circle/postList?sort=new&size=50`);
  return listed.body.data.list.map((row) => row.id);
};

it('upholding a report on a community post hides it everywhere, tells the author and closes the other report', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { author, post } = await circlePost('Bet now at lucky-casino.example, 200% bonus');
  const first = await report('post', post.id);
  const second = await report('post', post.id);
  expect(await postIds()).toContain(post.id);

  const decided = await decideInQueue(call, moderator.token, 'report', first.id, true, {
    reasonCode: 'ads',
    note: 'gambling advert',
  });
  expect(decided.body.data.results[0]).toMatchObject({ id: first.id, ok: true });

  // Gone from the community list and its pages, for anyone but the author and staff; the row stays.
  expect(await postIds()).not.toContain(post.id);
  const reader = await makeSignedInUser(testDb.db);
  expect((await call(`/api/circle/info?id=${post.id}`, { headers: en(reader.token) })).body.code).not.toBe(0);
  expect((await call(`/api/anchor_dynamics/info?id=${post.id}`, { headers: en() })).body.code).not.toBe(0);
  const [row] = await testDb.db.select().from(posts).where(eq(posts.id, post.id));
  expect(row).toMatchObject({ reviewStatus: 'rejected', deletedAt: null });
  expect(row!.reviewReason).toContain('gambling advert');

  // The author is told what was removed and why, in their language (codes translated by the reader).
  expect(await noticesOf(author.user.id)).toEqual([
    expect.objectContaining({
      subject: 'content_removed',
      kind: 'review',
      params: { item: 'circlePost', reason: 'ads', note: 'gambling advert' },
    }),
  ]);
  // Both reports closed by the one decision; both reporters told it was upheld.
  const rows = await testDb.db.select().from(reports).where(eq(reports.targetId, post.id));
  expect(rows.filter((r) => r.targetType === 'post').map((r) => [r.id, r.status, r.handlerId])).toEqual(
    expect.arrayContaining([
      [first.id, 'upheld', moderator.user.id],
      [second.id, 'upheld', moderator.user.id],
    ]),
  );
  for (const { reporter } of [first, second])
    expect(await noticesOf(reporter.user.id)).toEqual([
      expect.objectContaining({
        subject: 'review_approved',
        params: expect.objectContaining({ item: 'report' }),
      }),
    ]);
  const queue = await call<{ list: { id: number }[] }>('/api/admin/review/report/list?size=50', {
    headers: en(moderator.token),
  });
  expect(queue.body.data.list.map((item) => item.id)).not.toContain(second.id);
  // The second report cannot be decided again.
  const again = await decideInQueue(call, moderator.token, 'report', second.id, true, { reasonCode: 'ads' });
  expect(again.body.code).not.toBe(0);

  // The audit says what was taken down.
  const [entry] = await testDb.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, '/api/admin/review/report/decide'), eq(auditLog.targetId, String(first.id))),
    );
  expect(entry).toMatchObject({
    before: [
      { id: first.id, status: 'open', target: { type: 'post', id: post.id, review_status: 'approved' } },
    ],
    after: [
      {
        id: first.id,
        status: 'upheld',
        target: { type: 'post', id: post.id, review_status: 'rejected' },
        taken_down: true,
        closed_reports: [second.id],
      },
    ],
  });
});

it('upholding a report on a comment deletes it with its replies and tells its writer', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { post } = await circlePost('Who wins tonight?');
  const writer = await makeSignedInUser(testDb.db);
  const replier = await makeSignedInUser(testDb.db);
  const comment = await call<{ id: number }>('/api/anchor_dynamics_user/comment', {
    headers: en(writer.token),
    json: { id: post.id, content: 'Free tips at my betting group, add me' },
  });
  expect(comment.body.code).toBe(0);
  const commentId = comment.body.data.id;
  const kept = await call<{ id: number }>('/api/anchor_dynamics_user/comment', {
    headers: en(replier.token),
    json: { id: post.id, content: 'The home side, surely' },
  });
  const first = await report('comment', commentId);
  const second = await report('comment', commentId);

  await decideInQueue(call, moderator.token, 'report', second.id, true, { reasonCode: 'ads', note: '' });

  const listed = await call<{ list: { id: number; content: string; removed: boolean }[]; total: number }>(
    `/api/anchor_dynamics/commentList?id=${post.id}`,
  );
  // Others see a tombstone where it was (nothing of its words); the other comment stays.
  expect(listed.body.data.list.map((row) => [row.id, row.content, row.removed])).toEqual(
    expect.arrayContaining([
      [kept.body.data.id, 'The home side, surely', false],
      [commentId, '', true],
    ]),
  );
  const [gone] = await testDb.db.select().from(postComments).where(eq(postComments.id, commentId));
  expect(gone!.deletedAt).not.toBeNull();
  const [counted] = await testDb.db.select().from(posts).where(eq(posts.id, post.id));
  expect(counted!.commentCount).toBe(1);
  expect(await noticesOf(writer.user.id)).toEqual([
    expect.objectContaining({
      subject: 'content_removed',
      params: { item: 'comment', reason: 'ads', note: '' },
    }),
  ]);
  const [closed] = await testDb.db.select().from(reports).where(eq(reports.id, first.id));
  expect(closed!.status).toBe('upheld');
});

it('upholding a report on a chat line deletes it as the chat moderator does and tells its writer', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  const writer = await makeSignedInUser(testDb.db);
  const [line, other] = await testDb.db
    .insert(chatMessages)
    .values([
      {
        channelKind: 'live',
        channelId: room.id,
        userId: writer.user.id,
        content: 'casino link here',
        createdAt: NOON,
      },
      {
        channelKind: 'live',
        channelId: room.id,
        userId: writer.user.id,
        content: 'nice goal',
        createdAt: NOON,
      },
    ])
    .returning();
  const first = await report('chat', line!.id);
  const second = await report('chat', line!.id);
  const shown = async () => {
    const listed = await call<{ list: { id: number }[] }>(`/api/Barrage/getList?room_id=${room.id}`);
    return listed.body.data.list.map((row) => row.id);
  };
  expect(await shown()).toEqual([line!.id, other!.id]);

  const decided = await decideInQueue(call, moderator.token, 'report', first.id, true, { reasonCode: 'ads' });
  expect(decided.body.data.results[0]).toMatchObject({
    ok: true,
    before: { target: { type: 'chat', id: line!.id, deleted: false } },
    after: { target: { type: 'chat', id: line!.id, deleted: true }, closed_reports: [second.id] },
  });
  expect(await shown()).toEqual([other!.id]);
  const [row] = await testDb.db.select().from(chatMessages).where(eq(chatMessages.id, line!.id));
  expect(row).toMatchObject({ deletedBy: moderator.user.id });
  expect(row!.deletedAt).not.toBeNull();
  expect(await noticesOf(writer.user.id)).toEqual([
    expect.objectContaining({
      subject: 'content_removed',
      params: { item: 'chatMessage', reason: 'ads', note: '' },
    }),
  ]);
  const [closed] = await testDb.db.select().from(reports).where(eq(reports.id, second.id));
  expect(closed!.status).toBe('upheld');
});

it('dismissing a case leaves the content and dismisses its other report; a room report takes nothing down', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { author, post } = await circlePost('An honest match preview');
  const first = await report('post', post.id);
  const second = await report('post', post.id);
  const dismissed = await decideInQueue(call, moderator.token, 'report', first.id, false, {
    reasonCode: 'no_violation',
  });
  expect(dismissed.body.data.results[0]).toMatchObject({
    ok: true,
    after: { status: 'dismissed', taken_down: false, closed_reports: [second.id] },
  });
  expect(await postIds()).toContain(post.id);
  expect((await call(`/api/circle/info?id=${post.id}`, { headers: en() })).body.code).toBe(0);
  const [other] = await testDb.db.select().from(reports).where(eq(reports.id, second.id));
  expect(other!.status).toBe('dismissed');
  expect(await noticesOf(second.reporter.user.id)).toEqual([
    expect.objectContaining({
      subject: 'review_rejected',
      params: expect.objectContaining({ item: 'report' }),
    }),
  ]);
  expect(await noticesOf(author.user.id)).toEqual([]);

  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  const roomReport = await report('room', room.id);
  const upheld = await decideInQueue(call, moderator.token, 'report', roomReport.id, true, {
    reasonCode: 'vulgar',
  });
  expect(upheld.body.data.results[0]).toMatchObject({
    ok: true,
    after: { status: 'upheld', taken_down: false },
  });
  expect(await noticesOf(anchor.user.id)).toEqual([]);
});
