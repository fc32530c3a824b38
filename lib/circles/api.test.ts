// The community through the API: circles seeded from the football data, posting into a circle with the
// spec's rules, review by operators (pending / approved / rejected, the author sees the reason), hot
// lists by day, week and month, and likes, comments and deletion through lib/posts' calls.
import { eq } from 'drizzle-orm';
import { posts } from '@/lib/posts/schema';
import { competitions, seasons, seasonTeams, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { uploads } from '@/lib/storage/schema';
import { apiCaller } from '@/lib/testing/api';
import { NOON, testClock } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { sendImage, uploadImage } from '@/lib/testing/uploads';
import { circlePosts, circles } from './schema';
import { seedCircles } from './seed';

let testDb: TestDb;
let app: ApiApp;
const clock = testClock(NOON);
const call = apiCaller(() => app);
let general: number;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: clock.now });
  // A league of the real data with a club and a national team in it, and the simulator's league.
  const [league] = await testDb.db
    .insert(competitions)
    .values({
      code: 'en.1',
      sport: 'football',
      kind: 'league',
      region: 'gb-eng',
      sourceName: 'English Premier League',
      names: { 'zh-CN': '英超', en: 'Premier League' },
      source: 'openfootball',
    })
    .returning();
  const [fake] = await testDb.db
    .insert(competitions)
    .values({
      code: 'sim.1',
      sport: 'football',
      kind: 'league',
      region: 'xx',
      sourceName: 'Sim',
      source: 'simulated',
    })
    .returning();
  const [season] = await testDb.db
    .insert(seasons)
    .values({ competitionId: league!.id, key: '2025-26', sourceName: '2025/26' })
    .returning();
  const [club, national] = await testDb.db
    .insert(teams)
    .values([
      {
        sport: 'football',
        sourceName: 'Arsenal FC',
        names: { 'zh-CN': '阿森纳' },
        crestColors: ['#c00', '#fff'],
      },
      { sport: 'football', sourceName: 'England', isNational: true, crestColors: ['#fff', '#000'] },
    ])
    .returning();
  await testDb.db.insert(seasonTeams).values([
    { seasonId: season!.id, teamId: club!.id },
    { seasonId: season!.id, teamId: national!.id },
  ]);
  expect(fake).toBeDefined();
  await seedCircles(testDb.db);
  await seedCircles(testDb.db);
  general = (await testDb.db.select().from(circles).where(eq(circles.slug, 'general:football')))[0]!.id;
});
afterAll(() => testDb.close());
withTemporaryStorage();

const user = () => makeSignedInUser(testDb.db, { nickname: '圈子球迷' });
const operator = () => makeSignedInUser(testDb.db, { role: 'operator', nickname: '审核员' });
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

type Circle = { id: number; kind: string; name: string; parent_id: number | null; posts: number };
type Post = {
  id: number;
  content: string;
  images: string[];
  likes: number;
  comments: number;
  liked: boolean;
  can_delete: boolean;
  review: { status: string; reason: string | null };
  circle: { id: number; name: string };
};
type Page<T> = { list: T[]; total: number };

const publish = (token: string, body: object) =>
  call<{ id: number; status: string }>('/api/circle/insert', { headers: en(token), json: body });
const setReview = async (on: boolean) => {
  const { token } = await operator();
  expect(
    (await call('/api/admin/circle/settings', { headers: { token }, json: { review: on } })).body.code,
  ).toBe(0);
};
const hot = (query: string, token?: string) =>
  call<Page<Post>>(`/api/circle/postList?${query}`, { headers: en(token) });

describe('circles', () => {
  it('has the general circles, one per real league and one per club, seeded idempotently', async () => {
    const { body } = await call<{ list: Circle[]; review: boolean }>('/api/circle/list', {
      headers: { lang: 'zh-CN' },
    });
    const names = body.data.list.map((circle) => `${circle.kind}:${circle.name}`);
    expect(names.slice(0, 4)).toEqual([
      'general:足球圈',
      'general:篮球圈',
      'general:电竞圈',
      'general:球迷茶馆',
    ]);
    expect(names).toContain('league:英超');
    expect(names).toContain('club:阿森纳');
    expect(names.filter((name) => name.startsWith('league:'))).toHaveLength(1);
    expect(names.filter((name) => name.startsWith('club:'))).toHaveLength(1);
    const league = body.data.list.find((circle) => circle.kind === 'league')!;
    expect(body.data.list.find((circle) => circle.kind === 'club')!.parent_id).toBe(league.id);
    expect(body.data.review).toBe(false);
  });
});

describe('posting', () => {
  it('publishes text with 4 own images into a circle and shows it in the hot list', async () => {
    await setReview(false);
    const { token } = await user();
    const images = await Promise.all([1, 2, 3, 4].map(() => uploadImage(call, token)));
    const posted = await publish(token, { circle_id: general, content: '周末德比谁能赢？', images });
    expect(posted.body).toMatchObject({ code: 0, data: { status: 'approved' } });
    const listed = await hot(`sort=day&circle_id=${general}`);
    expect(listed.body.data.list[0]).toMatchObject({
      id: posted.body.data.id,
      images,
      circle: { id: general, name: 'Football talk' },
      review: { status: 'approved', reason: null },
    });
  });

  it('refuses a fifth image, an empty post, no circle, a 60 MB video and another user’s file, storing nothing', async () => {
    const { user: author, token } = await user();
    const own = await uploadImage(call, token);
    const other = await user();
    const theirs = await uploadImage(call, other.token);
    // A 60 MB video the storage accepted (its own limit is wider): the post's rule refuses it.
    const [big] = await testDb.db
      .insert(uploads)
      .values({
        userId: author.id,
        purpose: 'video',
        key: `video/big-${author.id}.mp4`,
        url: `/uploads/video/big-${author.id}.mp4`,
        bytes: 60 * 1024 * 1024,
        width: 640,
        height: 360,
        durationS: 30,
        posterUrl: `/uploads/video/big-${author.id}.jpg`,
      })
      .returning();
    const cases: [object, string][] = [
      [
        { circle_id: general, content: 'five', images: [own, own, own, own, own] },
        'Images can have at most 4 items',
      ],
      [{ circle_id: general, content: '   ' }, 'Write something before posting'],
      [{ circle_id: general, content: '', images: [own] }, 'Write something before posting'],
      [{ content: 'no circle' }, 'Choose a circle first'],
      [{ circle_id: 999_999, content: 'nowhere' }, 'This circle doesn’t exist'],
      [{ circle_id: general, content: 'big', video: big!.url }, 'The video must be under 50 MB'],
      [
        { circle_id: general, content: 'not mine', images: [theirs] },
        "An image or video isn't valid. Please upload it again",
      ],
      [
        { circle_id: general, content: 'script', images: ['javascript:alert(1)'] },
        expect.stringContaining('http(s)') as unknown as string,
      ],
    ];
    for (const [body, message] of cases) {
      expect((await publish(token, body)).body).toMatchObject({ code: 1, msg: message });
    }
    expect(await testDb.db.select().from(posts).where(eq(posts.authorId, author.id))).toEqual([]);
    expect(
      (await call('/api/circle/insert', { json: { circle_id: general, content: 'guest' } })).body.code,
    ).toBe(700);
  });

  it('refuses an executable renamed .jpg at upload and keeps nothing', async () => {
    const { user: author, token } = await user();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(512, 1)]);
    const reply = await sendImage(call, token, exe, 'photo.jpg');
    expect(reply.body.code).toBe(1);
    expect(await testDb.db.select().from(uploads).where(eq(uploads.userId, author.id))).toEqual([]);
  });

  it('keeps HTML and script as plain text', async () => {
    await setReview(false);
    const { token } = await user();
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const posted = await publish(token, { circle_id: general, content: text });
    const info = await call<Post>(`/api/circle/info?id=${posted.body.data.id}`);
    expect(info.body.data.content).toBe(text);
  });
});

describe('review', () => {
  it('holds posts for review: the author sees pending, an operator approves, then it is in the hot list', async () => {
    await setReview(true);
    const { token } = await user();
    const posted = await publish(token, { circle_id: general, content: '待审核的帖子' });
    expect(posted.body.data.status).toBe('pending');
    const id = posted.body.data.id;

    // Nobody else sees it, nor may like or comment on it; its author does, with the state.
    expect((await call(`/api/circle/info?id=${id}`)).body.code).toBe(1);
    expect((await hot('sort=new')).body.data.list.map((post) => post.id)).not.toContain(id);
    const fan = await user();
    expect(
      (await call('/api/anchor_dynamics_user/likes', { headers: en(fan.token), json: { id } })).body.code,
    ).toBe(1);
    const mine = await call<Page<Post>>('/api/circle/myPosts', { headers: en(token) });
    expect(mine.body.data.list[0]).toMatchObject({ id, review: { status: 'pending', reason: null } });

    const op = await operator();
    // Decided in the review queue (lib/review).
    const pending = await queueList(call, op.token, 'circlePost', 'size=100');
    expect(pending.body.data.list.map((post) => post.id)).toContain(id);
    const approved = await decideInQueue(call, op.token, 'circlePost', id, true);
    expect(approved.body.data.results).toEqual([
      expect.objectContaining({
        id,
        ok: true,
        after: expect.objectContaining({ review_status: 'approved' }),
      }),
    ]);
    expect((await hot('sort=day')).body.data.list.map((post) => post.id)).toContain(id);
    // Reviewed once: a second decision is refused.
    const again = await decideInQueue(call, op.token, 'circlePost', id, false);
    expect(again.body).toMatchObject({ code: 1, msg: 'This post isn’t waiting for review' });
    await setReview(false);
  });

  it('refuses with a reason the author sees; a refusal needs a reason', async () => {
    await setReview(true);
    const { token } = await user();
    const { body } = await publish(token, { circle_id: general, content: '广告内容' });
    const op = await operator();
    const noReason = await decideInQueue(call, op.token, 'circlePost', body.data.id, false, { note: '' });
    expect(noReason.body.code).toBe(1);
    await decideInQueue(call, op.token, 'circlePost', body.data.id, false, {
      reasonCode: 'ads',
      note: '含广告信息',
    });
    const mine = await call<Page<Post>>('/api/circle/myPosts', { headers: en(token) });
    expect(mine.body.data.list[0]).toMatchObject({
      review: { status: 'rejected', reason: expect.stringContaining('含广告信息') },
    });
    expect((await hot('sort=new')).body.data.list.map((post) => post.id)).not.toContain(body.data.id);
    await setReview(false);
  });

  it('is for operators only', async () => {
    const { token } = await user();
    for (const [path, json] of [
      ['/api/admin/circle/settings', { review: true }],
      ['/api/admin/review/circlePost/decide', { ids: [1], approve: true, reason_code: 'meets_rules' }],
    ] as const) {
      expect((await call(path, { headers: en(token), json })).body).toMatchObject({
        code: 1,
        msg: expect.any(String),
      });
    }
    expect((await queueList(call, token, 'circlePost')).status).toBe(403);
    expect((await call('/api/circle/myPosts')).body.code).toBe(700);
  });
});

describe('hot lists', () => {
  it('ranks by likes and comments within the day, week or month', async () => {
    await setReview(false);
    const circle = (await testDb.db.select().from(circles).where(eq(circles.slug, 'general:lounge')))[0]!.id;
    const { token } = await user();
    clock.set(new Date(NOON.getTime() - 20 * 86_400_000));
    const old = (await publish(token, { circle_id: circle, content: '二十天前' })).body.data.id;
    clock.set(new Date(NOON.getTime() - 3 * 86_400_000));
    const week = (await publish(token, { circle_id: circle, content: '三天前' })).body.data.id;
    clock.set(NOON);
    const today = (await publish(token, { circle_id: circle, content: '今天' })).body.data.id;
    const quiet = (await publish(token, { circle_id: circle, content: '今天没人理' })).body.data.id;
    for (const id of [old, week, today]) {
      const fan = await user();
      await call('/api/anchor_dynamics_user/likes', { headers: en(fan.token), json: { id } });
    }
    const fan = await user();
    await call('/api/anchor_dynamics_user/comment', {
      headers: en(fan.token),
      json: { id: old, content: '老帖顶一下' },
    });

    const ids = async (sort: string) =>
      (await hot(`sort=${sort}&circle_id=${circle}`)).body.data.list.map((post) => post.id);
    expect(await ids('day')).toEqual([today, quiet]);
    // Ties go to the newer post.
    expect(await ids('week')).toEqual([today, week, quiet]);
    expect(await ids('month')).toEqual([old, today, week, quiet]);
    expect(await ids('new')).toEqual([quiet, today, week, old]);
    expect((await call('/api/circle/postList?sort=year')).body.code).toBe(1);
  });
});

describe('comments, likes and deletion on circle posts', () => {
  it('comments and likes through lib/posts; the author deletes; a comment on a deleted post is refused', async () => {
    await setReview(false);
    const { token } = await user();
    const { body } = await publish(token, { circle_id: general, content: '评论区见' });
    const id = body.data.id;
    const fan = await user();
    const comment = await call<{ id: number }>('/api/anchor_dynamics_user/comment', {
      headers: en(fan.token),
      json: { id, content: '<b>好</b>' },
    });
    expect(comment.body.code).toBe(0);
    const liked = await call<{ liked: boolean; likes: number }>('/api/anchor_dynamics_user/commentLikes', {
      headers: en(token),
      json: { id: comment.body.data.id },
    });
    expect(liked.body.data).toMatchObject({ liked: true, likes: 1 });
    expect(
      (await call('/api/anchor_dynamics/deletePost', { headers: en(fan.token), json: { id } })).body.code,
    ).toBe(1);
    expect(
      (await call('/api/anchor_dynamics/deletePost', { headers: en(token), json: { id } })).body.code,
    ).toBe(0);
    const late = await call('/api/anchor_dynamics_user/comment', {
      headers: en(fan.token),
      json: { id, content: '还在吗' },
    });
    expect(late.body).toMatchObject({ code: 1, msg: "This update doesn't exist or was deleted" });
    expect(await testDb.db.select().from(circlePosts).where(eq(circlePosts.postId, id))).toHaveLength(1);
  });
});
