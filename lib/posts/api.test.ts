// Streamer updates through the API: publishing with own uploads, likes, comments and replies,
// listing and deleting, with the refusals that leave everything as it was.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { reportReasons } from '@/lib/moderation/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { posts } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());
withTemporaryStorage();

const anchor = () => makeSignedInUser(testDb.db, { isAnchor: true, nickname: '动态主播' });
const viewer = () => makeSignedInUser(testDb.db, { nickname: '看球的人' });
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function uploadImage(token: string) {
  const grant = await call<{ token: string }>('/api/Member/getQiniuToken', {
    headers: { token },
    json: { purpose: 'image' },
  });
  const form = new FormData();
  form.set('token', grant.body.data.token);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  form.set('file', new File([new Uint8Array(png)], 'shot.png'));
  const stored = await call<{ url: string }>('/api/upload', {
    method: 'POST',
    headers: { token },
    body: form,
  });
  return stored.body.data.url;
}

type Post = {
  id: number;
  uid: number;
  content: string;
  images: string[];
  likes: number;
  comments: number;
  liked: boolean;
  can_delete: boolean;
  author: { nickname: string };
};
type Comment = { id: number; content: string; likes: number; liked: boolean; parent_id: number | null };
type Page<T> = { list: T[]; total: number };

async function publish(token: string, body: object) {
  return call<{ id: number }>('/api/anchor_dynamics_user/insert', { headers: en(token), json: body });
}

describe('publishing', () => {
  it('publishes text with the anchor’s own images and lists it newest first', async () => {
    const { user, token } = await anchor();
    const images = [await uploadImage(token), await uploadImage(token)];
    const first = await publish(token, { content: '今晚八点 英超直播', images });
    expect(first.body).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
    const second = await publish(token, { content: '  赛后复盘  ' });
    expect(second.body.code).toBe(0);

    const listed = await call<Page<Post>>(`/api/anchor_dynamics/userPostList?uid=${user.id}&page=1&size=10`);
    expect(listed.body.data.total).toBe(2);
    expect(listed.body.data.list.map((post) => post.content)).toEqual(['赛后复盘', '今晚八点 英超直播']);
    expect(listed.body.data.list[1]).toMatchObject({
      images,
      likes: 0,
      comments: 0,
      liked: false,
      can_delete: false,
      author: { nickname: '动态主播' },
    });

    const info = await call<Post>(`/api/anchor_dynamics/info?id=${first.body.data.id}`, {
      headers: { token },
    });
    expect(info.body.data).toMatchObject({ id: first.body.data.id, uid: user.id, can_delete: true });
  });

  it('refuses bad posts and changes nothing', async () => {
    const { user, token } = await anchor();
    const other = await anchor();
    const own = await uploadImage(token);
    const theirs = await uploadImage(other.token);
    const cases: [object, string][] = [
      [{ content: '   ' }, 'Write something or add images or a video'],
      [{ content: 'x'.repeat(2001) }, 'Content can be at most 2000 characters'],
      [{ content: 'five', images: [own, own, own, own, own] }, 'Images can have at most 4 items'],
      [{ content: 'not mine', images: [theirs] }, "An image or video isn't valid. Please upload it again"],
      [
        { content: 'both', images: [own], video: '/uploads/video/x.mp4' },
        'A post holds images or a video, not both',
      ],
      [{ content: 'fake video', video: own }, "An image or video isn't valid. Please upload it again"],
    ];
    for (const [body, message] of cases) {
      const reply = await publish(token, body);
      expect(reply.body).toMatchObject({ code: 1, msg: message });
    }
    const listed = await call<Page<Post>>(`/api/anchor_dynamics/userPostList?uid=${user.id}`);
    expect(listed.body.data.total).toBe(0);
  });

  it('is for anchors only, and at most 10 an hour', async () => {
    const plain = await viewer();
    expect((await publish(plain.token, { content: 'hi' })).body).toMatchObject({
      code: 1,
      msg: 'Only streamers can use this',
    });
    expect((await call('/api/anchor_dynamics_user/insert', { json: { content: 'hi' } })).body.code).toBe(700);

    const { token } = await anchor();
    for (let index = 0; index < 10; index += 1) {
      expect((await publish(token, { content: `update ${index}` })).body.code).toBe(0);
    }
    const limited = await publish(token, { content: 'one too many' });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe("You're posting too often. Try again in 60 min");
  });
});

describe('likes', () => {
  it('toggles a like and keeps the count exact', async () => {
    const { token } = await anchor();
    const { body } = await publish(token, { content: 'like me' });
    const fan = await viewer();
    const like = () =>
      call<{ liked: boolean; likes: number }>('/api/anchor_dynamics_user/likes', {
        headers: en(fan.token),
        json: { id: body.data.id },
      });
    expect((await like()).body.data).toMatchObject({ liked: true, likes: 1 });
    const seen = await call<Post>(`/api/anchor_dynamics/info?id=${body.data.id}`, {
      headers: { token: fan.token },
    });
    expect(seen.body.data).toMatchObject({ liked: true, likes: 1 });
    expect((await like()).body.data).toMatchObject({ liked: false, likes: 0 });
    await Promise.all([like(), like(), like()]);
    const [row] = await testDb.db.select().from(posts).where(eq(posts.id, body.data.id));
    const state = await call<Post>(`/api/anchor_dynamics/info?id=${body.data.id}`, {
      headers: { token: fan.token },
    });
    expect(row!.likeCount).toBe(state.body.data.liked ? 1 : 0);

    expect((await call('/api/anchor_dynamics_user/likes', { json: { id: body.data.id } })).body.code).toBe(
      700,
    );
    const missing = await call('/api/anchor_dynamics_user/likes', {
      headers: en(fan.token),
      json: { id: 999999 },
    });
    expect(missing.body).toMatchObject({ code: 1, msg: "This update doesn't exist or was deleted" });
    const bad = await call('/api/anchor_dynamics_user/likes', {
      headers: en(fan.token),
      json: { id: 'abc' },
    });
    expect(bad.body).toMatchObject({ code: 1, msg: 'ID must be a number written in digits' });
  });
});

describe('comments', () => {
  it('comments, replies, likes a comment and sorts by newest or hottest', async () => {
    const { token } = await anchor();
    const { body } = await publish(token, { content: 'talk to me' });
    const postId = body.data.id;
    const fan = await viewer();
    const comment = (content: string, parent_id?: number) =>
      call<Comment>('/api/anchor_dynamics_user/comment', {
        headers: en(fan.token),
        json: { id: postId, content, parent_id },
      });
    const first = (await comment('第一条')).body.data;
    const second = (await comment('第二条')).body.data;
    const reply = (await comment('回复第一条', first.id)).body.data;
    expect(reply.parent_id).toBe(first.id);
    const nested = (await comment('回复的回复', reply.id)).body.data;
    expect(nested.parent_id).toBe(first.id);

    const liked = await call<{ liked: boolean; likes: number }>('/api/anchor_dynamics_user/commentLikes', {
      headers: en(fan.token),
      json: { id: first.id },
    });
    expect(liked.body.data).toMatchObject({ liked: true, likes: 1 });

    const list = (sort: string) =>
      call<Page<Comment & { replies: Comment[] }>>('/api/anchor_dynamics/commentList', {
        headers: en(fan.token),
        json: { id: postId, page: 1, sort },
      });
    const newest = (await list('new')).body.data;
    expect(newest.total).toBe(2);
    expect(newest.list.map((item) => item.content)).toEqual(['第二条', '第一条']);
    expect(newest.list[1]!.replies.map((item) => item.content)).toEqual(['回复第一条', '回复的回复']);
    expect(newest.list[1]).toMatchObject({ liked: true, likes: 1 });
    const hottest = (await list('hot')).body.data;
    expect(hottest.list.map((item) => item.id)).toEqual([first.id, second.id]);

    const info = await call<Post>(`/api/anchor_dynamics/info?id=${postId}`);
    expect(info.body.data.comments).toBe(4);
  });

  it('refuses empty, long, misplaced and anonymous comments', async () => {
    const { token } = await anchor();
    const postId = (await publish(token, { content: 'rules' })).body.data.id;
    const otherPost = (await publish(token, { content: 'elsewhere' })).body.data.id;
    const fan = await viewer();
    const elsewhere = (
      await call<Comment>('/api/anchor_dynamics_user/comment', {
        headers: en(fan.token),
        json: { id: otherPost, content: 'there' },
      })
    ).body.data;
    const send = (json: object, headers = en(fan.token)) =>
      call('/api/anchor_dynamics_user/comment', { headers, json });
    expect((await send({ id: postId, content: '   ' })).body.msg).toBe('Write a comment first');
    expect((await send({ id: postId, content: 'x'.repeat(501) })).body.msg).toBe(
      'Content can be at most 500 characters',
    );
    expect((await send({ id: postId, content: 'wrong thread', parent_id: elsewhere.id })).body.msg).toBe(
      "This comment doesn't exist or was deleted",
    );
    expect((await send({ id: postId, content: 'hi' }, en())).body.code).toBe(700);
    const list = await call<Page<Comment>>(`/api/anchor_dynamics/commentList?id=${postId}`);
    expect(list.body.data.total).toBe(0);
    const sort = await call(`/api/anchor_dynamics/commentList?id=${postId}&sort=random`, { headers: en() });
    expect(sort.body.code).toBe(1);
  });

  it('allows 30 comments in 10 minutes', async () => {
    const { token } = await anchor();
    const postId = (await publish(token, { content: 'busy' })).body.data.id;
    const fan = await viewer();
    for (let index = 0; index < 30; index += 1) {
      const reply = await call('/api/anchor_dynamics_user/comment', {
        headers: en(fan.token),
        json: { id: postId, content: `#${index}` },
      });
      expect(reply.body.code).toBe(0);
    }
    const limited = await call('/api/anchor_dynamics_user/comment', {
      headers: en(fan.token),
      json: { id: postId, content: 'more' },
    });
    expect(limited.body.msg).toBe("You're commenting too often. Try again in 10 min");
  });
});

describe('deleting', () => {
  it('lets the author or an operator delete, nobody else', async () => {
    const { user, token } = await anchor();
    const first = (await publish(token, { content: 'to delete' })).body.data.id;
    const second = (await publish(token, { content: 'operator deletes' })).body.data.id;
    const stranger = await viewer();
    const remove = (id: number, session: string) =>
      call('/api/anchor_dynamics/deletePost', { headers: en(session), json: { id } });
    expect((await remove(first, stranger.token)).body).toMatchObject({
      code: 1,
      msg: 'You can only delete your own updates',
    });
    expect((await remove(first, token)).body.code).toBe(0);
    expect((await remove(first, token)).body.msg).toBe("This update doesn't exist or was deleted");
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    expect((await remove(second, operator.token)).body.code).toBe(0);

    const listed = await call<Page<Post>>(`/api/anchor_dynamics/userPostList?uid=${user.id}`);
    expect(listed.body.data.total).toBe(0);
    const info = await call(`/api/anchor_dynamics/info?id=${first}`, { headers: en() });
    expect(info.status).toBe(404);
    const like = await call('/api/anchor_dynamics_user/likes', {
      headers: en(stranger.token),
      json: { id: first },
    });
    expect(like.body.code).toBe(1);
  });
});

describe('reports', () => {
  it('posts and comments can be reported while they exist, never by their author', async () => {
    await seedReportReasons(testDb.db);
    const [reason] = await testDb.db.select().from(reportReasons).where(eq(reportReasons.code, 'abuse'));
    const author = await anchor();
    const postId = (await publish(author.token, { content: 'report me' })).body.data.id;
    const fan = await viewer();
    const comment = await call<{ id: number }>('/api/anchor_dynamics_user/comment', {
      headers: en(fan.token),
      json: { id: postId, content: '骂人的评论' },
    });
    const report = (session: string, target_type: string, target_id: number) =>
      call('/api/Reportuser/insert', {
        headers: en(session),
        json: { target_type, target_id, classify_id: reason!.id },
      });
    expect((await report(fan.token, 'post', postId)).body.code).toBe(0);
    expect((await report(author.token, 'comment', comment.body.data.id)).body.code).toBe(0);
    expect((await report(author.token, 'post', postId)).body.code).toBe(1);
    expect((await report(fan.token, 'comment', comment.body.data.id)).body.code).toBe(1);

    await call('/api/anchor_dynamics/deletePost', { headers: en(author.token), json: { id: postId } });
    const gone = await report((await viewer()).token, 'post', postId);
    expect(gone.body.code).toBe(1);
  });
});

describe('deleting comments', () => {
  it('lets the writer, the post’s author or an operator delete; replies go too and the count stays exact', async () => {
    const author = await anchor();
    const postId = (await publish(author.token, { content: 'comments to delete' })).body.data.id;
    const fan = await viewer();
    const other = await viewer();
    const say = async (token: string, content: string, parent_id?: number) =>
      (
        await call<{ id: number; can_delete: boolean }>('/api/anchor_dynamics_user/comment', {
          headers: en(token),
          json: { id: postId, content, parent_id },
        })
      ).body.data;
    const top = await say(fan.token, 'first');
    expect(top.can_delete).toBe(true);
    await say(other.token, 'a reply', top.id);
    const second = await say(other.token, 'second');
    const remove = (token: string, id: number) =>
      call<{ removed: number }>('/api/anchor_dynamics/deleteComment', { headers: en(token), json: { id } });

    // Someone else's comment on someone else's post: refused, nothing changes.
    const refused = await remove(fan.token, second.id);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You can only delete your own comments, or comments on your own updates');

    type Listed = { list: { id: number; can_delete: boolean; replies: { can_delete: boolean }[] }[] };
    const asFan = await call<Listed>(`/api/anchor_dynamics/commentList?id=${postId}`, {
      headers: en(fan.token),
    });
    expect(asFan.body.data.list.map((row) => [row.id, row.can_delete])).toEqual([
      [second.id, false],
      [top.id, true],
    ]);
    expect(asFan.body.data.list[1]!.replies[0]!.can_delete).toBe(false);
    const asAuthor = await call<Listed>(`/api/anchor_dynamics/commentList?id=${postId}`, {
      headers: en(author.token),
    });
    expect(asAuthor.body.data.list.every((row) => row.can_delete)).toBe(true);

    // The writer deletes the top comment: its reply goes with it.
    expect((await remove(fan.token, top.id)).body.data).toEqual({ id: top.id, removed: 2 });
    expect((await remove(fan.token, top.id)).status).toBe(404);
    // The post's author tidies the other one.
    expect((await remove(author.token, second.id)).body.data).toEqual({ id: second.id, removed: 1 });
    const [row] = await testDb.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.commentCount).toBe(0);
    expect((await call('/api/anchor_dynamics/deleteComment', { json: { id: second.id } })).body.code).toBe(
      700,
    );
    expect((await remove(fan.token, 0)).body.code).toBe(1);
  });
});
