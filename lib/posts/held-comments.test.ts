// A comment holding a `review` sensitive word waits for a moderator (issue 41 item 3): its writer sees it
// marked held, nobody else does (lists, counts, replies, likes, reports), until the queue's `comment` source
// approves it (shown, counted, the post's author told) or refuses it (its writer alone still reads it,
// marked removed, and is told why in their language). Bad decisions change nothing.
import { and, eq } from 'drizzle-orm';
import { notices } from '@/lib/im/schema';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { reportReasons } from '@/lib/moderation/schema';
import { addWords } from '@/lib/sensitive/words';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { postComments, posts } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedReportReasons(testDb.db);
  moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  await addWords(testDb.db, ['加微信'], moderator.user.id, NOON, 'review');
  await addWords(testDb.db, ['傻瓜'], moderator.user.id, NOON, 'replace');
});
afterAll(() => testDb.close());

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
type Comment = { id: number; content: string; held: boolean; removed: boolean; replies?: Comment[] };
type Page = { list: Comment[]; total: number };

async function postWithThread() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname: '主播' });
  const published = await call<{ id: number }>('/api/anchor_dynamics_user/insert', {
    headers: en(anchor.token),
    json: { content: '今晚的比赛大家怎么看' },
  });
  expect(published.body.code).toBe(0);
  return { anchor, postId: published.body.data.id };
}

const comment = (token: string, json: object) =>
  call<Comment>('/api/anchor_dynamics_user/comment', { headers: en(token), json });
const thread = async (postId: number, token?: string) =>
  (await call<Page>(`/api/anchor_dynamics/commentList?id=${postId}`, { headers: en(token) })).body.data;
const commentCount = async (postId: number) =>
  (await testDb.db.select().from(posts).where(eq(posts.id, postId)))[0]!.commentCount;

it('holds a comment with a review word: its writer sees it marked, others nothing, until approved', async () => {
  const { anchor, postId } = await postWithThread();
  const writer = await makeSignedInUser(testDb.db, { nickname: '球迷' });
  const other = await makeSignedInUser(testDb.db);

  const sent = await comment(writer.token, { id: postId, content: '想看回放的加微信 傻瓜 abc' });
  expect(sent.body).toMatchObject({ code: 0, data: { held: true, removed: false } });
  expect(sent.body.data.content).toBe('想看回放的*** *** abc');
  const id = sent.body.data.id;

  expect((await thread(postId, writer.token)).list).toEqual([
    expect.objectContaining({ id, held: true, content: '想看回放的*** *** abc' }),
  ]);
  expect(await thread(postId, other.token)).toMatchObject({ list: [], total: 0 });
  expect(await thread(postId)).toMatchObject({ list: [], total: 0 });
  expect(await commentCount(postId)).toBe(0);
  // The post's author is not told of a comment nobody else can read yet.
  expect(await testDb.db.select().from(notices).where(eq(notices.userId, anchor.user.id))).toEqual([]);

  // Nobody can like, reply to or report what they cannot see.
  const like = await call('/api/anchor_dynamics_user/commentLikes', {
    headers: en(other.token),
    json: { id },
  });
  expect(like.body).toMatchObject({ code: 1, msg: "This comment doesn't exist or was deleted" });
  expect((await comment(other.token, { id: postId, content: 'reply', parent_id: id })).body.code).toBe(1);
  const [reason] = await testDb.db.select().from(reportReasons).limit(1);
  const reported = await call('/api/Reportuser/insert', {
    headers: en(other.token),
    json: { target_type: 'comment', target_id: id, classify_id: reason!.id },
  });
  expect(reported.body.code).toBe(1);

  // It waits in the queue's comment tab, with the post it answers.
  const listed = await queueList<{ id: number; summary: string; fields: Record<string, string> }>(
    call,
    moderator.token,
    'comment',
  );
  expect(listed.body.data.list).toEqual([
    expect.objectContaining({
      id,
      summary: '想看回放的*** *** abc',
      fields: { on_post: '今晚的比赛大家怎么看' },
    }),
  ]);

  const approved = await decideInQueue(call, moderator.token, 'comment', id, true, {
    reasonCode: 'meets_rules',
  });
  expect(approved.body.data.results).toEqual([expect.objectContaining({ id, ok: true })]);
  expect((await thread(postId, other.token)).list).toEqual([
    expect.objectContaining({ id, held: false, content: '想看回放的*** *** abc' }),
  ]);
  expect(await commentCount(postId)).toBe(1);
  const told = await testDb.db.select().from(notices).where(eq(notices.userId, anchor.user.id));
  expect(told.map((row) => row.subject)).toEqual(['post_comment']);
  const writerTold = await testDb.db.select().from(notices).where(eq(notices.userId, writer.user.id));
  expect(writerTold).toEqual([
    expect.objectContaining({
      subject: 'review_approved',
      params: expect.objectContaining({ item: 'comment' }),
    }),
  ]);
  expect((await queueList(call, moderator.token, 'comment')).body.data.total).toBe(0);
});

it('a refused comment stays its writer’s alone, marked removed, and they are told why', async () => {
  const { postId } = await postWithThread();
  const writer = await makeSignedInUser(testDb.db);
  const other = await makeSignedInUser(testDb.db);
  const first = await comment(writer.token, { id: postId, content: '一起看球' });
  expect(first.body.data.held).toBe(false);
  const reply = await comment(writer.token, {
    id: postId,
    content: '私聊加微信',
    parent_id: first.body.data.id,
  });
  expect(reply.body.data.held).toBe(true);
  expect(await commentCount(postId)).toBe(1);

  const refused = await decideInQueue(call, moderator.token, 'comment', reply.body.data.id, false, {
    reasonCode: 'ads',
    note: '站外引流',
  });
  expect(refused.body.data.results).toEqual([expect.objectContaining({ ok: true })]);
  const own = (await thread(postId, writer.token)).list[0]!;
  expect(own.replies).toEqual([
    expect.objectContaining({ id: reply.body.data.id, removed: true, held: false, content: '私聊***' }),
  ]);
  expect((await thread(postId, other.token)).list[0]!.replies).toEqual([]);
  expect(await commentCount(postId)).toBe(1);
  const [notice] = await testDb.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, writer.user.id), eq(notices.subject, 'review_rejected')));
  expect(notice!.params).toMatchObject({ item: 'comment', reason: 'ads', note: '站外引流' });

  // Deleting the top comment lowers the count by what was counted only (the refused reply never was).
  const removed = await call('/api/anchor_dynamics/deleteComment', {
    headers: en(writer.token),
    json: { id: first.body.data.id },
  });
  expect(removed.body.code).toBe(0);
  expect(await commentCount(postId)).toBe(0);
});

it('its writer may withdraw a held comment; nobody else may delete it', async () => {
  const { anchor, postId } = await postWithThread();
  const writer = await makeSignedInUser(testDb.db);
  const sent = await comment(writer.token, { id: postId, content: '加微信领福利' });
  const id = sent.body.data.id;
  const byAnchor = await call('/api/anchor_dynamics/deleteComment', {
    headers: en(anchor.token),
    json: { id },
  });
  expect(byAnchor.body.code).toBe(1);
  const byWriter = await call('/api/anchor_dynamics/deleteComment', {
    headers: en(writer.token),
    json: { id },
  });
  expect(byWriter.body.code).toBe(0);
  expect(await commentCount(postId)).toBe(0);
  expect(
    (await queueList(call, moderator.token, 'comment')).body.data.list.map((row) => row.id),
  ).not.toContain(id);
});

it('refuses a decision on a comment not held, an unknown one, or by a viewer, and changes nothing', async () => {
  const { postId } = await postWithThread();
  const writer = await makeSignedInUser(testDb.db);
  const plain = (await comment(writer.token, { id: postId, content: '好球' })).body.data.id;
  const held = (await comment(writer.token, { id: postId, content: '加微信' })).body.data.id;

  const notHeld = await decideInQueue(call, moderator.token, 'comment', plain, false);
  expect(notHeld.body).toMatchObject({ code: 1 });
  const unknown = await decideInQueue(call, moderator.token, 'comment', 2_000_000_000, true);
  expect(unknown.body).toMatchObject({ code: 1 });
  const byViewer = await decideInQueue(call, writer.token, 'comment', held, true);
  expect(byViewer.status).toBe(403);
  const badReason = await call('/api/admin/review/comment/decide', {
    headers: en(moderator.token),
    json: { ids: [held], approve: true, reason_code: 'no_such_reason' },
  });
  expect(badReason.body.code).toBe(1);

  const rows = await testDb.db.select().from(postComments).where(eq(postComments.postId, postId));
  expect(Object.fromEntries(rows.map((row) => [row.id, row.reviewStatus]))).toEqual({
    [plain]: 'approved',
    [held]: 'pending',
  });
  expect(await commentCount(postId)).toBe(1);
});
