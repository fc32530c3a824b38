// Moderation outside reports (issue #41, items 2 and 3): the console's content lists filter by author,
// room, day and state; a bulk take-down hides a post and a video and removes a comment and a chat line
// through the report take-down's one path, so each is absent from every public read route (the route table
// walked with the marker's ids), its author still sees it marked removed, others a tombstone; an operator's
// restore brings it back. Bad input is refused in words and changes nothing. Per-word policies: block
// refuses, replace masks, review holds the post in the review queue.
import { and, eq } from 'drizzle-orm';
import { routeTable } from '@/lib/api/route';
import { chatMessages } from '@/lib/chat/schema';
import { circlePosts, circles } from '@/lib/circles/schema';
import { notices } from '@/lib/im/schema';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { postComments, posts } from '@/lib/posts/schema';
import { indexPendingSearchDocuments } from '@/lib/search/service';
import { sensitiveWords } from '@/lib/sensitive/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { seedVideoCategories } from '@/lib/videos/categories';
import { videoCategories, videos } from '@/lib/videos/schema';
import { seedReportReasons } from './report-reasons';
import { reportReasons, reports } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let circleId: number;
let categoryId: number;
let reasonId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedVideoCategories(testDb.db);
  await seedReportReasons(testDb.db);
  reasonId = (await testDb.db.select().from(reportReasons)).find((row) => row.code !== 'other')!.id;
  categoryId = (await testDb.db.select().from(videoCategories))[0]!.id;
  const [circle] = await testDb.db
    .insert(circles)
    .values({
      slug: 'general:content',
      kind: 'general',
      names: { 'zh-CN': '综合', 'zh-TW': '綜合', en: 'General', vi: 'Chung' } as never,
    })
    .returning();
  circleId = circle!.id;
});
afterAll(() => testDb.close());

const as = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
type Row = { id: number; kind: string; state: string; author: { id: number }; text: string };
const listed = (token: string, query: string) =>
  call<{ total: number; list: Row[] }>(`/api/admin/content/list?${query}`, { headers: as(token) });
const act = (token: string, action: 'remove' | 'restore', json: Record<string, unknown>) =>
  call<{ done: number[]; unchanged: number[] }>(`/api/admin/content/${action}`, { headers: as(token), json });

/** One of each kind by one author, each holding `marker`. */
async function contentOf(marker: string) {
  const author = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, author.user.id);
  const [post] = await testDb.db
    .insert(posts)
    .values({ authorId: author.user.id, channel: 'circle', body: `${marker} tonight`, createdAt: NOON })
    .returning();
  await testDb.db.insert(circlePosts).values({ postId: post!.id, circleId });
  const [videoPost] = await testDb.db
    .insert(posts)
    .values({ authorId: author.user.id, channel: 'video', body: '', createdAt: NOON })
    .returning();
  await testDb.db.insert(videos).values({
    postId: videoPost!.id,
    authorId: author.user.id,
    categoryId,
    title: `${marker} goals`,
    kind: 'file',
    sourceUrl: `/uploads/${marker}.mp4`,
    durationS: 10,
    publishedAt: NOON,
  });
  const commenter = await makeSignedInUser(testDb.db);
  const comment = await call<{ id: number }>('/api/anchor_dynamics_user/comment', {
    headers: as(commenter.token),
    json: { id: post!.id, content: `${marker} says hi` },
  });
  expect(comment.body.code).toBe(0);
  const [line] = await testDb.db
    .insert(chatMessages)
    .values({
      channelKind: 'live',
      channelId: room.id,
      userId: commenter.user.id,
      content: `${marker} in chat`,
      createdAt: NOON,
    })
    .returning();
  await indexPendingSearchDocuments(testDb.db, NOON);
  return {
    author,
    commenter,
    room,
    post: post!.id,
    video: videoPost!.id,
    comment: comment.body.data.id,
    chat: line!.id,
  };
}

/**
 * Every public read route (no staff, a GET) called with the objects' ids in each id-like field it takes
 * and the marker in each text one; answers the paths whose answer holds the marker.
 */
async function publicRoutesShowing(
  marker: string,
  ids: Awaited<ReturnType<typeof contentOf>>,
  token?: string,
) {
  const routes = routeTable(app).filter(
    (route) => !route.staff && route.effect === 'read' && route.methods.includes('get'),
  );
  const idValues = [ids.post, ids.video, ids.comment, ids.chat, ids.room.id];
  const showing = new Set<string>();
  let answered = 0;
  for (const route of routes) {
    const shape = Object.keys((route.input as { shape?: Record<string, unknown> }).shape ?? {});
    const byId = shape.some((key) => ['id', 'post_id', 'video_id'].includes(key));
    for (const id of byId ? idValues : [0]) {
      const query = new URLSearchParams();
      for (const key of shape) {
        if (key === 'id' || key === 'post_id' || key === 'video_id') query.set(key, String(id));
        else if (['room_id', 'roomid', 'liveid', 'live_id'].includes(key))
          query.set(key, String(ids.room.id));
        else if (['uid', 'user_id', 'anchor_id', 'anchorid'].includes(key))
          query.set(key, String(ids.author.user.id));
        else if (['name', 'keyword', 'search', 'q', 'word'].includes(key)) query.set(key, marker);
        else if (key === 'kind') query.set(key, 'video'); // search's kinds: the one that lists content
      }
      // Read as text: a route may answer a file (an image, a feed) rather than the JSON envelope.
      const answer = await app.request(`${route.path}?${query}`, { headers: as(token) });
      const text = await answer.text();
      if (text.startsWith('{"code":0')) answered++;
      if (text.includes(marker)) showing.add(route.path);
    }
  }
  return { showing: [...showing].sort(), answered };
}

// Four walks of the route table: ~8 s alone on the loaded 2-core machine.
it('takes down one of each kind in bulk: gone from every public read route, marked for its author, restored by an operator', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const marker = 'Zqxvbn';
  const ids = await contentOf(marker);

  const before = await publicRoutesShowing(marker, ids);
  // The walk reaches what shows each kind: the community, the video, its comments, the room's chat, search.
  expect(before.showing).toEqual(
    expect.arrayContaining([
      '/api/circle/postList',
      '/api/circle/info',
      '/api/anchor_dynamics/commentList',
      '/api/Barrage/getList',
      '/api/Video/getVideoInfo',
      '/api/Search/list',
    ]),
  );

  for (const [kind, id] of [
    ['post', ids.post],
    ['video', ids.video],
    ['comment', ids.comment],
    ['chat', ids.chat],
  ] as const) {
    const done = await act(moderator.token, 'remove', {
      kind,
      ids: [id],
      reason_code: 'ads',
      reason: 'betting link',
    });
    expect(done.body).toMatchObject({ code: 0, data: { done: [id], unchanged: [] } });
  }

  const after = await publicRoutesShowing(marker, ids);
  expect(after.showing).toEqual([]);
  expect(after.answered).toBeGreaterThan(20);
  // Signed in as someone else changes nothing.
  const stranger = await makeSignedInUser(testDb.db);
  expect((await publicRoutesShowing(marker, ids, stranger.token)).showing).toEqual([]);

  // Others meet a tombstone; the author still reads the post, marked removed with the reason.
  const tomb = await call(`/api/circle/info?id=${ids.post}`, { headers: as(stranger.token) });
  expect(tomb.body).toMatchObject({
    code: expect.any(Number),
    msg: 'This was removed for breaking the community rules',
  });
  const own = await call<{ content: string; review: { removed: boolean; reason: string } }>(
    `/api/circle/info?id=${ids.post}`,
    { headers: as(ids.author.token) },
  );
  expect(own.body.data).toMatchObject({ content: `${marker} tonight`, review: { removed: true } });
  expect(own.body.data.review.reason).toContain('betting link');
  const thread = await call<{ list: { id: number; content: string; removed: boolean }[] }>(
    `/api/anchor_dynamics/commentList?id=${ids.post}`,
    { headers: as(ids.author.token) },
  );
  expect(thread.body.code).not.toBe(0); // the post itself is down: its thread with it
  // Each author told, in their language, with the code and the words.
  const told = await testDb.db.select().from(notices).where(eq(notices.userId, ids.commenter.user.id));
  expect(told.map((row) => [row.subject, row.params])).toEqual(
    expect.arrayContaining([
      ['content_removed', { item: 'comment', reason: 'ads', note: 'betting link' }],
      ['content_removed', { item: 'chatMessage', reason: 'ads', note: 'betting link' }],
    ]),
  );

  // The console lists them as taken down.
  const removedPosts = await listed(moderator.token, `kind=post&state=removed&author=${ids.author.user.id}`);
  expect(removedPosts.body.data.list.map((row) => row.id)).toEqual([ids.post]);

  // A moderator may not restore; an operator does, and every kind is back.
  const refused = await act(moderator.token, 'restore', {
    kind: 'post',
    ids: [ids.post],
    reason_code: 'mistake',
  });
  expect(refused.body.code).not.toBe(0);
  for (const [kind, id] of [
    ['post', ids.post],
    ['video', ids.video],
    ['comment', ids.comment],
    ['chat', ids.chat],
  ] as const) {
    const back = await act(operator.token, 'restore', { kind, ids: [id], reason_code: 'mistake' });
    expect(back.body).toMatchObject({ code: 0, data: { done: [id] } });
  }
  const restored = await publicRoutesShowing(marker, ids);
  expect(restored.showing).toEqual(expect.arrayContaining(before.showing));
  const [post] = await testDb.db.select().from(posts).where(eq(posts.id, ids.post));
  expect(post).toMatchObject({
    reviewStatus: 'approved',
    removedAt: null,
    reviewReason: null,
    commentCount: 1,
  });
}, 120_000);

it('a removed comment is a tombstone in its thread for others and marked for its writer', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const ids = await contentOf('Tombqwe');
  await act(moderator.token, 'remove', { kind: 'comment', ids: [ids.comment], reason_code: 'abuse' });
  const thread = (token?: string) =>
    call<{ list: { id: number; content: string; removed: boolean }[] }>(
      `/api/anchor_dynamics/commentList?id=${ids.post}`,
      { headers: as(token) },
    );
  expect((await thread()).body.data.list).toEqual([
    expect.objectContaining({ id: ids.comment, content: '', removed: true }),
  ]);
  expect((await thread(ids.commenter.token)).body.data.list).toEqual([
    expect.objectContaining({ id: ids.comment, content: 'Tombqwe says hi', removed: true }),
  ]);
  const [post] = await testDb.db.select().from(posts).where(eq(posts.id, ids.post));
  expect(post!.commentCount).toBe(0);
});

it('a removed video is a tombstone for others and marked removed, with the reason, in its author list', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const ids = await contentOf('Vidtmb');
  // Bad input (a post's id as a video) takes nothing down.
  const wrong = await act(moderator.token, 'remove', { kind: 'video', ids: [ids.post], reason_code: 'ads' });
  expect(wrong.body.code).not.toBe(0);
  const info = (token?: string) =>
    call<{ title: string; review: { status: string; removed: boolean; reason: string } | null }>(
      `/api/Video/getVideoInfo?id=${ids.video}`,
      { headers: as(token) },
    );
  expect((await info()).body.data).toMatchObject({ title: 'Vidtmb goals', review: null });
  expect((await info(ids.author.token)).body.data.review).toMatchObject({
    status: 'approved',
    removed: false,
  });

  await act(moderator.token, 'remove', {
    kind: 'video',
    ids: [ids.video],
    reason_code: 'ads',
    reason: 'betting link',
  });
  for (const token of [undefined, ids.commenter.token]) {
    const tomb = await info(token);
    expect(tomb.body).toMatchObject({ msg: 'This video was removed for breaking the community rules' });
    expect(tomb.body.code).not.toBe(0);
  }
  const zh = await call(`/api/Video/getVideoInfo?id=${ids.video}`, { headers: { lang: 'zh-CN' } });
  expect(zh.body.msg).toBe('该视频因违反社区规范已被移除');
  const own = (await info(ids.author.token)).body.data;
  expect(own).toMatchObject({ title: 'Vidtmb goals', review: { status: 'rejected', removed: true } });
  expect(own.review!.reason).toContain('betting link');
  // The author's own list (the anchor centre) keeps it, marked; the public list does not.
  const { ownVideos, listVideos } = await import('@/lib/videos/service');
  const mine = await ownVideos(testDb.db, 'en', ids.author.user.id, 20);
  expect(mine.list).toEqual([
    expect.objectContaining({
      id: ids.video,
      review: { status: 'rejected', removed: true, reason: expect.stringContaining('betting link') },
    }),
  ]);
  const shown = await listVideos(testDb.db, 'en', {
    sort: 'new',
    authorId: ids.author.user.id,
    page: 1,
    size: 20,
  });
  expect(shown.total).toBe(0);
});

it("a room's title and cover taken down are gone from every public read route; the defaults show", async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const marker = 'Roomlk';
  const ids = await contentOf('Roomzz');
  await testDb.db
    .update(liveRooms)
    .set({ title: `${marker} title`, coverUrl: `/uploads/${marker}-cover.png`, status: 'live' })
    .where(eq(liveRooms.id, ids.room.id));
  await indexPendingSearchDocuments(testDb.db, NOON);
  const before = await publicRoutesShowing(marker, ids);
  expect(before.showing).toEqual(
    expect.arrayContaining(['/api/Live_streaming/getRoomInfo', '/api/Live/getRoomList', '/api/Search/live']),
  );
  for (const part of ['Title', 'Cover'])
    expect(
      (
        await call(`/api/admin/live/remove${part}`, {
          headers: as(moderator.token),
          json: { room_id: ids.room.id, reason_code: 'ads' },
        })
      ).body.code,
    ).toBe(0);
  await indexPendingSearchDocuments(testDb.db, NOON);
  const after = await publicRoutesShowing(marker, ids);
  expect(after.showing).toEqual([]);
  expect(after.answered).toBeGreaterThan(20);
}, 60_000);

it('filters the lists by author, room, day, words and state', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const ids = await contentOf('Filtzx');
  const other = await contentOf('Othrzx');
  const byAuthor = await listed(moderator.token, `kind=post&author=${ids.author.user.id}`);
  expect(byAuthor.body.data.list.map((row) => row.id)).toEqual([ids.post]);
  const byWords = await listed(moderator.token, 'kind=video&search=filtzx');
  expect(byWords.body.data.list.map((row) => row.id)).toEqual([ids.video]);
  const byRoom = await listed(moderator.token, `kind=chat&room=${other.room.id}`);
  expect(byRoom.body.data.list.map((row) => row.id)).toEqual([other.chat]);
  const day = NOON.toISOString().slice(0, 10);
  const inDay = await listed(moderator.token, `kind=comment&from=${day}&to=${day}&time_zone=UTC&search=zx`);
  expect(inDay.body.data.total).toBe(0); // comments are dated by the database: not at NOON
  const shown = await listed(moderator.token, `kind=post&state=shown&author=${other.author.user.id}`);
  expect(shown.body.data.list).toEqual([expect.objectContaining({ id: other.post, state: 'shown' })]);
  const pending = await listed(moderator.token, `kind=post&state=pending&author=${other.author.user.id}`);
  expect(pending.body.data.total).toBe(0);
  const user = await makeSignedInUser(testDb.db);
  expect((await listed(user.token, 'kind=post')).body.code).not.toBe(0);
});

it('refuses bad bulk input in words and changes nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const ids = await contentOf('Badinz');
  const cases: [Record<string, unknown>, string][] = [
    [{ kind: 'post', ids: [], reason_code: 'ads' }, 'Pick at least one item first'],
    [{ kind: 'post', ids: [ids.post] }, 'Choose a reason for this action'],
    [
      { kind: 'post', ids: [ids.post], reason_code: 'mistake' },
      'Choose a reason from the list that fits this decision',
    ],
    [
      { kind: 'post', ids: [ids.post], reason_code: 'other' },
      'Write the reason in your own words when you choose “Other”',
    ],
    [
      { kind: 'post', ids: [ids.post, 2_000_000_000, 2_000_000_001], reason_code: 'ads' },
      "Couldn't find #2000000000, #2000000001 (missing, of another kind or deleted by the author): nothing was changed",
    ],
    [
      { kind: 'video', ids: [ids.post], reason_code: 'ads' },
      `Couldn't find #${ids.post} (missing, of another kind or deleted by the author): nothing was changed`,
    ],
  ];
  for (const [json, msg] of cases) {
    const refused = await act(moderator.token, 'remove', json);
    expect(refused.body).toMatchObject({ msg });
    expect(refused.body.code).not.toBe(0);
  }
  const zh = await call('/api/admin/content/remove', {
    headers: { lang: 'zh-CN', token: moderator.token },
    json: { kind: 'post', ids: [], reason_code: 'ads' },
  });
  expect(zh.body.msg).toBe('请先勾选要处理的内容');
  const [post] = await testDb.db.select().from(posts).where(eq(posts.id, ids.post));
  expect(post).toMatchObject({ reviewStatus: 'approved', removedAt: null });
  const [comment] = await testDb.db.select().from(postComments).where(eq(postComments.id, ids.comment));
  expect(comment!.deletedAt).toBeNull();
  const told = await testDb.db.select().from(notices).where(eq(notices.userId, ids.author.user.id));
  expect(told.filter((row) => row.subject !== 'post_comment')).toEqual([]);
});

/** A fresh viewer reports the target; answers the reporter and the report's id. */
async function reportOf(targetType: string, targetId: number) {
  const reporter = await makeSignedInUser(testDb.db);
  const made = await call<{ id: number }>('/api/Reportuser/insert', {
    headers: as(reporter.token),
    json: { target_type: targetType, target_id: targetId, classify_id: reasonId },
  });
  expect(made.body.code).toBe(0);
  return { reporter, id: made.body.data.id };
}

type Decided = {
  action: string;
  actor: { id: number };
  items: { id: number; decision: string; user: { id: number } | null }[];
  reason_code: string;
  reason: string;
};

it('a bulk take-down closes the open reports on what it took down as upheld, by the moderator, in the decided view', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const ids = await contentOf('Rptclz');
  const first = await reportOf('post', ids.post);
  const second = await reportOf('post', ids.post);
  const onComment = await reportOf('comment', ids.comment);
  const onChat = await reportOf('chat', ids.chat);

  // Refused input closes nothing.
  const refused = await act(moderator.token, 'remove', {
    kind: 'post',
    ids: [ids.post, 2_000_000_000],
    reason_code: 'ads',
  });
  expect(refused.body.code).not.toBe(0);
  expect(
    (
      await testDb.db
        .select()
        .from(reports)
        .where(and(eq(reports.targetType, 'post'), eq(reports.targetId, ids.post)))
    ).map((r) => r.status),
  ).toEqual(['open', 'open']);

  for (const [kind, id] of [
    ['post', ids.post],
    ['chat', ids.chat],
  ] as const) {
    const done = await act(moderator.token, 'remove', {
      kind,
      ids: [id],
      reason_code: 'ads',
      reason: 'casino',
    });
    expect(done.body.code).toBe(0);
  }
  const closed = await testDb.db.select().from(reports);
  for (const report of [first, second, onChat])
    expect(closed.find((row) => row.id === report.id)).toMatchObject({
      status: 'upheld',
      handlerId: moderator.user.id,
      handledAt: NOON,
      note: '[ads] casino',
    });
  // A report on what was not taken down stays open.
  expect(closed.find((row) => row.id === onComment.id)!.status).toBe('open');
  // Each reporter learns the outcome.
  for (const { reporter } of [first, second, onChat]) {
    const told = await testDb.db.select().from(notices).where(eq(notices.userId, reporter.user.id));
    expect(told.map((row) => [row.subject, row.params])).toEqual([
      ['review_approved', { item: 'report', reason: 'ads', note: 'casino' }],
    ]);
  }
  // The report queue's decided view: the cases, upheld by the moderator, through the take-down.
  const decided = await call<{ list: Decided[] }>('/api/admin/review/report/decided', {
    headers: as(moderator.token),
  });
  const mine = decided.body.data.list.filter((entry) => entry.actor.id === moderator.user.id);
  expect(mine).toEqual([
    expect.objectContaining({
      action: '/api/admin/content/remove',
      items: [
        {
          id: onChat.id,
          decision: 'approve',
          user: expect.objectContaining({ id: onChat.reporter.user.id }),
        },
      ],
      reason_code: 'ads',
      reason: 'casino',
    }),
    expect.objectContaining({
      action: '/api/admin/content/remove',
      items: [
        { id: first.id, decision: 'approve', user: expect.objectContaining({ id: first.reporter.user.id }) },
      ],
    }),
  ]);
  // The queue no longer holds them.
  const queue = await call<{ list: { id: number }[] }>('/api/admin/review/report/list?size=100', {
    headers: as(moderator.token),
  });
  const waiting = queue.body.data.list.map((row) => row.id);
  expect(waiting).toContain(onComment.id);
  expect(waiting).not.toContain(first.id);
  expect(waiting).not.toContain(onChat.id);
});

describe('sensitive-word policies', () => {
  let author: Awaited<ReturnType<typeof makeSignedInUser>>;
  let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;
  beforeAll(async () => {
    author = await makeSignedInUser(testDb.db);
    moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    for (const [words, policy] of [
      [['赌球群'], 'block'],
      [['傻瓜'], 'replace'],
      [['加微信'], 'review'],
    ] as const) {
      const added = await call('/api/admin/sensitiveWords/add', {
        headers: as(moderator.token),
        json: { words, policy, reason_code: 'other', reason: 'test' },
      });
      expect(added.body.code).toBe(0);
    }
  });
  const publish = (content: string, lang = 'en') =>
    call<{ id: number; status: string }>('/api/circle/insert', {
      headers: { lang, token: author.token },
      json: { circle_id: circleId, content, images: [] },
    });

  it('block refuses in the writer language', async () => {
    const refused = await publish('来 赌 球 群 看看', 'zh-CN');
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.msg).toBe('内容含有敏感词，请修改后再发送');
  });

  it('replace masks the word and publishes', async () => {
    const done = await publish('你这个傻瓜');
    expect(done.body).toMatchObject({ code: 0, data: { status: 'approved' } });
    const [row] = await testDb.db.select().from(posts).where(eq(posts.id, done.body.data.id));
    expect(row!.body).toBe('你这个***');
  });

  it('review holds the post in the review queue', async () => {
    const done = await publish('想要内部消息就加微信');
    expect(done.body).toMatchObject({ code: 0, data: { status: 'pending' } });
    const queue = await call<{ list: { id: number }[] }>('/api/admin/review/circlePost/list?size=50', {
      headers: as(moderator.token),
    });
    expect(queue.body.data.list.map((item) => item.id)).toContain(done.body.data.id);
  });

  it('a block word refuses a comment and a chat line even where words are only masked', async () => {
    const { post } = await contentOf('Cmtblk');
    const comment = await call('/api/anchor_dynamics_user/comment', {
      headers: as(author.token),
      json: { id: post, content: '进赌球群' },
    });
    expect(comment.body.code).not.toBe(0);
    const masked = await call<{ content: string }>('/api/anchor_dynamics_user/comment', {
      headers: as(author.token),
      json: { id: post, content: '加微信聊' },
    });
    expect(masked.body.data.content).toBe('***聊');
  });

  it('changes a word policy, audited', async () => {
    const [word] = await testDb.db.select().from(sensitiveWords).where(eq(sensitiveWords.word, '傻瓜'));
    const changed = await call('/api/admin/sensitiveWords/policy', {
      headers: as(moderator.token),
      json: { ids: [word!.id], policy: 'block', reason_code: 'other', reason: 'stricter' },
    });
    expect(changed.body).toMatchObject({ code: 0, data: { updated: 1 } });
    expect((await publish('傻瓜')).body.code).not.toBe(0);
    const missing = await call('/api/admin/sensitiveWords/policy', {
      headers: as(moderator.token),
      json: { ids: [2_000_000_000], policy: 'block' },
    });
    expect(missing.body.msg).toBe("That word isn't on the list (any more)");
  });
});
