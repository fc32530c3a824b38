// Video calls end to end on a real database: an anchor uploads and publishes, viewers watch (one view
// a day each), like, favourite and comment; rankings, categories and each user's own categories; a
// replay becomes a video; and every bad input is refused with a translated message, nothing stored.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { broadcasts } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { posts } from '@/lib/posts/schema';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { uploads } from '@/lib/storage/schema';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { seedVideoCategories } from './categories';
import { videoCategories, videos } from './schema';
import { viewDay } from './service';

let testDb: TestDb;
let app: ApiApp;
let now = NOON;
const call = apiCaller(() => app);
let clip: Buffer;
withTemporaryStorage();

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  await seedVideoCategories(testDb.db);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'clip-'));
  const file = path.join(folder, 'clip.mp4');
  await promisify(execFile)(findFfmpeg()!, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x180:rate=25'],
    ...['-pix_fmt', 'yuv420p', '-y', file],
  ]);
  clip = await fs.readFile(file);
  await fs.rm(folder, { recursive: true, force: true });
}, 60_000);
afterAll(() => testDb.close());
beforeEach(() => {
  now = NOON;
});

const post = <T>(pathName: string, token: string | null, json: unknown, lang = 'en') =>
  call<T>(pathName, { headers: { ...(token ? { token } : {}), lang }, json });
const get = <T>(pathName: string, token: string | null = null, lang = 'en') =>
  call<T>(pathName, { headers: { ...(token ? { token } : {}), lang } });

async function upload(token: string, bytes: Buffer, name: string, purpose: 'video' | 'cover' = 'video') {
  const grant = await post<{ token: string }>('/api/Member/getQiniuToken', token, { purpose });
  const form = new FormData();
  form.set('token', grant.body.data.token);
  form.set('file', new File([new Uint8Array(bytes)], name));
  return call<{ url: string; poster: string }>('/api/upload', {
    method: 'POST',
    headers: { token, lang: 'en' },
    body: form,
  });
}

async function categoryId(slug: string) {
  const [row] = await testDb.db.select().from(videoCategories).where(eq(videoCategories.slug, slug));
  return row!.id;
}

async function publishedVideo(title = '英超第 12 轮集锦') {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const file = await upload(anchor.token, clip, 'goal.mp4');
  expect(file.body.code).toBe(0);
  const published = await post<{ id: number }>('/api/Video_user/insert', anchor.token, {
    title,
    description: '第 12 轮的进球',
    classify_id: await categoryId('premier-league'),
    video: file.body.data.url,
  });
  expect(published.body).toMatchObject({ code: 0 });
  return { anchor, id: published.body.data.id, file: file.body.data };
}

type Video = {
  id: number;
  title: string;
  src: string;
  poster: string | null;
  views: number;
  likes: number;
  comments: number;
  favorites: number;
  liked: boolean;
  favorited: boolean;
  category: { id: number; name: string };
  author: { id: number };
};
type Page<T> = { list: T[]; total: number };

describe('publishing', () => {
  it('an anchor publishes an upload with a cover; it shows in the lists and its info', async () => {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const file = await upload(anchor.token, clip, 'goal.mp4');
    const coverBytes = await sharp({ create: { width: 540, height: 304, channels: 3, background: '#0a4' } })
      .png()
      .toBuffer();
    const cover = await upload(anchor.token, coverBytes, 'cover.png', 'cover');
    expect(cover.body.code).toBe(0);
    const { body } = await post<{ id: number }>('/api/Video_user/insert', anchor.token, {
      title: '<script>alert(1)</script> 战术板',
      description: '<b>不是粗体</b>',
      classify_id: await categoryId('tactics'),
      video: file.body.data.url,
      cover: cover.body.data.url,
    });
    expect(body.code).toBe(0);
    const info = await post<Video & { description: string; kind: string; duration_s: number }>(
      '/api/Video/getVideoInfo',
      null,
      { id: body.data.id },
      'zh-CN',
    );
    // Text is kept as written and shown as text: nothing is interpreted as markup.
    expect(info.body.data).toMatchObject({
      title: '<script>alert(1)</script> 战术板',
      description: '<b>不是粗体</b>',
      kind: 'file',
      src: file.body.data.url,
      poster: cover.body.data.url,
      duration_s: 1,
      category: { name: '战术分析' },
      author: { id: anchor.user.id },
      views: 0,
    });
    const group = await get<Page<Video>>(`/api/video/videoList?classify_id=${await categoryId('general')}`);
    expect(group.body.data.list.map((video) => video.id)).toContain(body.data.id);
    const works = await post<Page<Video>>('/api/Video/anchorWorks', null, { uid: anchor.user.id });
    expect(works.body.data.list.map((video) => video.id)).toEqual([body.data.id]);
    const others = await post<Page<Video>>('/api/Video/anchorWorks', null, {
      uid: anchor.user.id,
      id: body.data.id,
    });
    expect(others.body.data.total).toBe(0);
    const own = await get<Page<Video>>(`/api/Video/userPostList?uid=${anchor.user.id}`);
    expect(own.body.data.total).toBe(1);
  });

  it('refuses a plain user, an empty title, another user’s file and a file published twice', async () => {
    const { anchor, file } = await publishedVideo();
    const plain = await makeSignedInUser(testDb.db);
    const input = {
      title: '集锦',
      classify_id: await categoryId('highlights'),
      video: file.url,
    };
    const byUser = await post('/api/Video_user/insert', plain.token, input);
    expect(byUser.body).toMatchObject({ code: 1, msg: 'Only streamers can use this' });
    const empty = await post('/api/Video_user/insert', anchor.token, { ...input, title: '   ' });
    expect(empty.body).toMatchObject({ code: 1, msg: 'Please give the video a title' });
    const emptyZh = await post('/api/Video_user/insert', anchor.token, { ...input, title: '' }, 'zh-CN');
    expect(emptyZh.body.msg).toBe('请填写视频标题');
    const twice = await post('/api/Video_user/insert', anchor.token, input);
    expect(twice.body).toMatchObject({ code: 1, msg: 'This video file has already been published' });
    const stranger = await makeSignedInUser(testDb.db, { isAnchor: true });
    const notOwn = await post('/api/Video_user/insert', stranger.token, input);
    expect(notOwn.body.msg).toBe('Upload the video file first (only your own uploads can be published)');
    const noCategory = await post('/api/Video_user/insert', anchor.token, { ...input, classify_id: 999_999 });
    expect(noCategory.body.msg).toBe("This video category doesn't exist");
    const rows = await testDb.db.select().from(videos).where(eq(videos.authorId, stranger.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses a 60 MB video and an executable renamed .mp4 at upload: nothing is stored', async () => {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const sixty = Buffer.concat([clip, Buffer.alloc(60 * 1024 * 1024 - clip.length)]);
    const big = await upload(anchor.token, sixty, 'match.mp4');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 1, msg: 'The file is too large (max 50 MB)' });
    // An ELF executable's header, named like a video.
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096)]);
    const exe = await upload(anchor.token, elf, 'highlights.mp4');
    expect(exe.body).toMatchObject({
      code: 1,
      msg: "That doesn't look like a video. Please upload an MP4 or WebM file",
    });
    expect(await testDb.db.select().from(uploads).where(eq(uploads.userId, anchor.user.id))).toEqual([]);
    const insert = await post('/api/Video_user/insert', anchor.token, {
      title: '大文件',
      classify_id: await categoryId('highlights'),
      video: '/uploads/video/00000000000000000000000000000000.mp4',
    });
    expect(insert.body.code).toBe(1);
    expect(await testDb.db.select().from(videos).where(eq(videos.authorId, anchor.user.id))).toEqual([]);
  });

  it('the author or an operator deletes; others may not; a deleted video takes no comments', async () => {
    const { anchor, id } = await publishedVideo();
    const viewer = await makeSignedInUser(testDb.db);
    const refused = await post('/api/Video_user/delete', viewer.token, { id });
    expect(refused.body).toMatchObject({ code: 1, msg: 'You can only delete your own videos' });
    const deleted = await post('/api/Video_user/delete', anchor.token, { id });
    expect(deleted.body).toMatchObject({ code: 0, data: { id, deleted: true } });
    const comment = await post('/api/Video_user/comment', viewer.token, { id, content: '还在吗' });
    expect(comment.body).toMatchObject({ code: 1, msg: "This video doesn't exist or was deleted" });
    const [row] = await testDb.db.select().from(posts).where(eq(posts.id, id));
    expect(row!.commentCount).toBe(0);
    const info = await post('/api/Video/getVideoInfo', null, { id });
    expect(info.body.code).toBe(1);
    const again = await post('/api/Video_user/delete', anchor.token, { id });
    expect(again.body.msg).toBe("This video doesn't exist or was deleted");

    // The sitemap lists videos still shown, never a deleted one.
    const kept = await publishedVideo();
    const paths = (await sitemapEntries(testDb.db, 'en', now)).map((entry) => entry.path);
    expect(paths).toContain(`/video-player?id=${kept.id}`);
    expect(paths).toContain('/video-list');
    expect(paths).not.toContain(`/video-player?id=${id}`);

    const other = await publishedVideo();
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const byOperator = await post('/api/Video_user/delete', operator.token, { id: other.id });
    expect(byOperator.body.code).toBe(0);
  });
});

describe('watching', () => {
  it('counts a view once per viewer a day (UTC+8), guests by address and browser', async () => {
    const { id } = await publishedVideo();
    const viewer = await makeSignedInUser(testDb.db);
    const first = await post<{ views: number; counted: boolean }>('/api/Video/addView', viewer.token, { id });
    expect(first.body.data).toMatchObject({ views: 1, counted: true });
    const second = await post<{ counted: boolean }>('/api/Video/addView', viewer.token, { id });
    expect(second.body.data.counted).toBe(false);
    const guest = (agent: string) =>
      call<{ views: number; counted: boolean }>('/api/Video/addView', {
        headers: { 'user-agent': agent },
        json: { id },
      });
    expect((await guest('Chromium A')).body.data.counted).toBe(true);
    expect((await guest('Chromium A')).body.data.counted).toBe(false);
    expect((await guest('Firefox B')).body.data.views).toBe(3);
    // 16:00 UTC is midnight in China: a new day, a new view.
    now = new Date('2026-06-15T16:00:00.000Z');
    expect(viewDay(now)).toBe('2026-06-16');
    const nextDay = await post<{ views: number; counted: boolean }>('/api/Video/addView', viewer.token, {
      id,
    });
    expect(nextDay.body.data).toMatchObject({ views: 4, counted: true });
    const missing = await post('/api/Video/addView', viewer.token, { id: 999_999 });
    expect(missing.body).toMatchObject({ code: 1, msg: "This video doesn't exist or was deleted" });
  });

  it('likes, favourites, comments with likes and one level of replies', async () => {
    const { anchor, id } = await publishedVideo();
    const viewer = await makeSignedInUser(testDb.db);
    const like = await post<{ liked: boolean; likes: number }>('/api/Video_user/likes', viewer.token, { id });
    expect(like.body.data).toMatchObject({ liked: true, likes: 1 });
    const favorite = await post<{ favorited: boolean; favorites: number }>(
      '/api/Video_user/favorites',
      viewer.token,
      {
        id,
      },
    );
    expect(favorite.body.data).toMatchObject({ favorited: true, favorites: 1 });
    const info = await post<Video>('/api/Video/getVideoInfo', viewer.token, { id });
    expect(info.body.data).toMatchObject({ liked: true, favorited: true, likes: 1, favorites: 1 });
    const unfavorite = await post<{ favorited: boolean; favorites: number }>(
      '/api/Video_user/favorites',
      viewer.token,
      {
        id,
      },
    );
    expect(unfavorite.body.data).toMatchObject({ favorited: false, favorites: 0 });

    const comment = await post<{ id: number; content: string }>('/api/Video_user/comment', viewer.token, {
      id,
      content: '<img src=x onerror=alert(1)> 好球',
    });
    expect(comment.body.data.content).toBe('<img src=x onerror=alert(1)> 好球');
    const reply = await post<{ parent_id: number }>('/api/Video_user/comment', anchor.token, {
      id,
      content: '谢谢支持',
      parent_id: comment.body.data.id,
    });
    expect(reply.body.data.parent_id).toBe(comment.body.data.id);
    const commentLike = await post<{ likes: number }>('/api/Video_user/commentLikes', anchor.token, {
      id: comment.body.data.id,
    });
    expect(commentLike.body.data.likes).toBe(1);
    const list = await post<Page<{ id: number; likes: number; replies: { content: string }[] }>>(
      '/api/Video/commentList',
      viewer.token,
      { id, sort: 'hot' },
    );
    expect(list.body.data.list).toMatchObject([
      { id: comment.body.data.id, likes: 1, replies: [{ content: '谢谢支持' }] },
    ]);
    const replies = await get<Page<{ content: string }>>(
      `/api/Video/commentOneList?id=${comment.body.data.id}`,
    );
    expect(replies.body.data).toMatchObject({ total: 1, list: [{ content: '谢谢支持' }] });

    const guest = await post('/api/Video_user/likes', null, { id });
    expect(guest.body.code).toBe(700);
    const empty = await post('/api/Video_user/comment', viewer.token, { id, content: '   ' });
    expect(empty.body.code).toBe(1);
    const tooLong = await post('/api/Video_user/comment', viewer.token, { id, content: '球'.repeat(501) });
    expect(tooLong.body.code).toBe(1);
    const noVideo = await post('/api/Video/commentList', null, { id: 999_999 });
    expect(noVideo.body.msg).toBe("This video doesn't exist or was deleted");
    const noComment = await get('/api/Video/commentOneList?id=999999');
    expect(noComment.body.code).toBe(1);
    const noLike = await post('/api/Video_user/commentLikes', viewer.token, { id: 999_999 });
    expect(noLike.body.code).toBe(1);
    const noFavorite = await post('/api/Video_user/favorites', viewer.token, { id: 999_999 });
    expect(noFavorite.body.msg).toBe("This video doesn't exist or was deleted");
  });

  it('ranks by viewers within the day, week or month, and popular lists weigh likes', async () => {
    const quiet = await publishedVideo('冷门视频');
    const busy = await publishedVideo('热门视频');
    for (let i = 0; i < 3; i += 1) {
      const viewer = await makeSignedInUser(testDb.db);
      await post('/api/Video/addView', viewer.token, { id: busy.id });
    }
    // A view eight days ago counts for the month, not the week.
    now = new Date(NOON.getTime() - 8 * 86_400_000);
    for (let i = 0; i < 5; i += 1) {
      const viewer = await makeSignedInUser(testDb.db);
      await post('/api/Video/addView', viewer.token, { id: quiet.id });
    }
    now = NOON;
    type Ranked = { id: number; rank: number; window_views: number };
    const ranks = async (type: string) =>
      (await get<{ list: Ranked[] }>(`/api/videoRank/getRank?type=${type}&limit=50`)).body.data.list.filter(
        (row) => row.id === quiet.id || row.id === busy.id,
      );
    expect((await ranks('week')).map((row) => [row.id, row.window_views])).toEqual([[busy.id, 3]]);
    expect((await ranks('month')).map((row) => [row.id, row.window_views])).toEqual([
      [quiet.id, 5],
      [busy.id, 3],
    ]);
    expect((await ranks('day')).map((row) => row.id)).toEqual([busy.id]);
    expect((await ranks('total')).map((row) => row.id)).toEqual([quiet.id, busy.id]);
    const bad = await get('/api/videoRank/getRank?type=year');
    expect(bad.body.code).toBe(1);
    const hot = await post<Page<Video>>('/api/Video/getList', null, { size: 50 });
    const order = hot.body.data.list.map((video) => video.id);
    expect(order.indexOf(quiet.id)).toBeLessThan(order.indexOf(busy.id));
    const badList = await post('/api/Video/getList', null, { classify_id: 999_999 });
    expect(badList.body.msg).toBe("This video category doesn't exist");
  });
});

describe('replays', () => {
  it('an anchor publishes a finished replay once; strangers and unfinished broadcasts are refused', async () => {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const room = await ensureRoom(testDb.db, anchor.user.id, { title: '周末英超' });
    const [finished, running] = await testDb.db
      .insert(broadcasts)
      .values([
        {
          roomId: room.id,
          title: '曼联 vs 切尔西 解说',
          category: 'football',
          startedAt: new Date(NOON.getTime() - 7_200_000),
          endedAt: new Date(NOON.getTime() - 600_000),
          replayPath: `${room.id}/1/vod/index.m3u8`,
        },
        { roomId: room.id, title: '直播中', category: 'football', startedAt: NOON },
      ])
      .returning();
    const listed = await get<{ list: { broadcast_id: number; video_id: number | null }[] }>(
      '/api/Video_user/replays',
      anchor.token,
    );
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ broadcast_id: finished!.id, video_id: null, duration_s: 6600 }),
    ]);
    const published = await post<{ id: number }>('/api/Video_user/publishReplay', anchor.token, {
      broadcast_id: finished!.id,
    });
    expect(published.body.code).toBe(0);
    const info = await post<Video & { kind: string; duration_s: number }>(
      '/api/Video/getVideoInfo',
      null,
      { id: published.body.data.id },
      'zh-CN',
    );
    expect(info.body.data).toMatchObject({
      title: '曼联 vs 切尔西 解说',
      kind: 'hls',
      src: `/media/${room.id}/1/vod/index.m3u8`,
      duration_s: 6600,
      category: { name: '直播回放' },
    });
    const twice = await post('/api/Video_user/publishReplay', anchor.token, { broadcast_id: finished!.id });
    expect(twice.body.msg).toBe('The replay of this broadcast is already a video');
    const live = await post('/api/Video_user/publishReplay', anchor.token, { broadcast_id: running!.id });
    expect(live.body.msg).toBe("This replay doesn't exist or isn't ready yet");
    const stranger = await makeSignedInUser(testDb.db, { isAnchor: true });
    const notTheirs = await post('/api/Video_user/publishReplay', stranger.token, {
      broadcast_id: finished!.id,
    });
    expect(notTheirs.body.msg).toBe("This replay doesn't exist or isn't ready yet");
    const user = await makeSignedInUser(testDb.db);
    expect((await get('/api/Video_user/replays', user.token)).body.msg).toBe('Only streamers can use this');
    // Deleted, the replay can be published again.
    await post('/api/Video_user/delete', anchor.token, { id: published.body.data.id });
    const again = await post('/api/Video_user/publishReplay', anchor.token, {
      broadcast_id: finished!.id,
      title: '重新发布',
    });
    expect(again.body.code).toBe(0);
  });
});

describe('categories', () => {
  type Category = { id: number; slug: string; name: string; children?: Category[] };
  it('lists groups, all groups with their categories, recommended ones and search in any language', async () => {
    const groups = await get<{ list: Category[] }>('/api/Videoclassification', null, 'zh-CN');
    expect(groups.body.data.list.map((row) => row.name)).toEqual(['足球', '篮球', '电竞', '综合']);
    const all = await get<{ list: Category[] }>('/api/videocclassification/allList', null, 'zh-TW');
    expect(all.body.data.list[1]!.children!.map((row) => row.name)).toEqual(['NBA', 'CBA', '國際籃球']);
    const recommended = await get<{ list: Category[] }>('/api/videocclassification/recommend');
    expect(recommended.body.data.list.map((row) => row.slug)).toContain('premier-league');
    const found = await get<{ list: Category[] }>(
      `/api/videocclassification/search?name=${encodeURIComponent('英超')}`,
      null,
      'en',
    );
    expect(found.body.data.list.map((row) => row.name)).toEqual(['Premier League']);
    const wildcard = await get<{ list: Category[] }>('/api/videocclassification/search?name=%25');
    expect(wildcard.body.data.list).toEqual([]);
    const tooLong = await get('/api/videocclassification/search?name=abcdefghijk');
    expect(tooLong.body.code).toBe(1);
  });

  it('keeps each user’s own categories: add (idempotent), list, remove; guests are asked to sign in', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const nba = await categoryId('nba');
    const tactics = await categoryId('tactics');
    expect(
      (await post('/api/videocclassification/addMyclassification', token, { id: nba })).body.data,
    ).toEqual({
      id: nba,
      added: true,
    });
    expect(
      (await post('/api/videocclassification/addMyclassification', token, { id: nba })).body.data,
    ).toEqual({
      id: nba,
      added: false,
    });
    await post('/api/videocclassification/addMyclassification', token, { id: tactics });
    const mine = await post<{ list: Category[] }>(
      '/api/videocclassification/myClassification',
      token,
      {},
      'zh-CN',
    );
    expect(mine.body.data.list.map((row) => row.name)).toEqual(['NBA', '战术分析']);
    const removed = await post('/api/videocclassification/delMyclassification', token, { id: nba });
    expect(removed.body.data).toEqual({ id: nba, removed: true });
    const missing = await post('/api/videocclassification/delMyclassification', token, { id: nba });
    expect(missing.body.msg).toBe("This category isn't in your categories");
    const unknown = await post('/api/videocclassification/addMyclassification', token, { id: 999_999 });
    expect(unknown.body.msg).toBe("This video category doesn't exist");
    const guest = await post('/api/videocclassification/myClassification', null, {});
    expect(guest.body.code).toBe(700);
  });
});
