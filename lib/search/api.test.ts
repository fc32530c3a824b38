// Search calls: streamers, rooms, news, teams and matches found by Chinese in either script, Latin
// text, pinyin and its initials; the 10-character rule; documents re-keyed when a name changes; the
// hot list counted per day; and the plan using the indexes rather than scanning.

import { eq, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { PEER_HEADER } from '@/lib/http/client-address';
import { ensureRoom } from '@/lib/live/service';
import { seedNewsCategories } from '@/lib/news/categories';
import { newsCategories } from '@/lib/news/schema';
import { writeArticle } from '@/lib/news/service';
import { posts } from '@/lib/posts/schema';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { seedVideoCategories } from '@/lib/videos/categories';
import { videoCategories, videos } from '@/lib/videos/schema';
import { searchTerms } from './schema';
import { indexPendingSearchDocuments } from './service';

const NOW = new Date('2026-06-10T04:00:00Z');
let testDb: TestDb;
let app: ApiApp;
let now = NOW;
const call = apiCaller(() => app);

type Hit = { id: number; title: string; subtitle: string; href: string; live: boolean };

let messi: { id: number };
let roomId: number;
let articleId: number;
let teamId: number;
let matchId: number;
let videoId: number;
let deletedVideoId: number;

/** A published video of the anchor, as lib/videos stores one (a post of the video channel). */
async function insertVideo(db: TestDb['db'], authorId: number, title: string, deletedAt: Date | null = null) {
  const [category] = await db
    .select()
    .from(videoCategories)
    .where(eq(videoCategories.slug, 'premier-league'));
  const [post] = await db
    .insert(posts)
    .values({ authorId, channel: 'video', body: '', createdAt: NOW, deletedAt })
    .returning({ id: posts.id });
  await db.insert(videos).values({
    postId: post!.id,
    authorId,
    categoryId: category!.id,
    title,
    kind: 'file',
    sourceUrl: `/media/videos/${post!.id}.mp4`,
    posterUrl: `/media/videos/${post!.id}.jpg`,
    durationS: 12,
    publishedAt: NOW,
  });
  return post!.id;
}

beforeAll(async () => {
  testDb = await createTestDb();
  const db = testDb.db;
  app = createApiApp({ db: () => db, clock: () => now });
  messi = await makeUser(db, { nickname: '梅西', isAnchor: true });
  await makeUser(db, { nickname: '梅西迷', isAnchor: false });
  const anchor2 = await makeUser(db, { nickname: 'Kickoff Kim', isAnchor: true });
  roomId = (await ensureRoom(db, anchor2.id, { title: '曼聯 對 切爾西 直播' })).id;
  await seedNewsCategories(db);
  const [category] = await db.select().from(newsCategories).where(eq(newsCategories.slug, 'football'));
  const operator = await makeUser(db, { role: 'operator' });
  articleId = (
    await writeArticle(
      db,
      operator.id,
      {
        categoryId: category!.id,
        versions: [
          { locale: 'zh-CN', title: '皇家马德里逆转取胜', summary: '', body: '正文' },
          { locale: 'en', title: 'Real Madrid come back to win', summary: '', body: 'Body' },
        ],
      },
      NOW,
    )
  ).id;
  const [team] = await db
    .insert(teams)
    .values({
      sport: 'football',
      sourceName: 'Manchester United FC',
      names: { 'zh-CN': '曼联', 'zh-TW': '曼聯', en: 'Manchester United', vi: 'Manchester United' },
      crestColors: ['#c00', '#fff'],
    })
    .returning();
  teamId = team!.id;
  const [other] = await db
    .insert(teams)
    .values({
      sport: 'football',
      sourceName: 'Chelsea FC',
      names: { 'zh-CN': '切尔西' },
      crestColors: ['#00c', '#fff'],
    })
    .returning();
  const [competition] = await db
    .insert(competitions)
    .values({
      code: 'en.1',
      sport: 'football',
      kind: 'league',
      region: 'gb',
      sourceName: 'Premier League',
      names: { 'zh-CN': '英超' },
      source: 'test',
    })
    .returning();
  const [season] = await db
    .insert(seasons)
    .values({ competitionId: competition!.id, key: '2025-26', sourceName: '2025/26' })
    .returning();
  const [match] = await db
    .insert(matches)
    .values({
      seasonId: season!.id,
      source: 'test',
      externalId: 'm1',
      round: '1',
      homeTeamId: teamId,
      awayTeamId: other!.id,
      kickoffAt: new Date('2026-06-09T19:00:00Z'),
      status: 'finished',
      homeScore: 2,
      awayScore: 1,
    })
    .returning();
  matchId = match!.id;
  await seedVideoCategories(db);
  videoId = await insertVideo(db, anchor2.id, '曼城欧冠绝杀集锦');
  deletedVideoId = await insertVideo(db, anchor2.id, '曼城欧冠绝杀旧集锦', NOW);
  await indexPendingSearchDocuments(db, NOW);
});
afterAll(() => testDb.close());

async function find(path: string, name: string, extra = '') {
  const response = await call<Hit[]>(`${path}?name=${encodeURIComponent(name)}${extra}`);
  expect(response.body.code).toBe(0);
  return response.body.data;
}

describe('api/Search/anchor', () => {
  it.each(['梅西', 'meixi', 'mx', 'MeiXi', '梅', 'mei'])('finds the streamer 梅西 by %s', async (name) => {
    const hits = await find('/api/Search/anchor', name);
    expect(hits.map((hit) => hit.id)).toContain(messi.id);
    expect(hits[0]!.href).toBe(`/persona?uid=${messi.id}`);
  });

  it('lists streamers only, not viewers with a matching name', async () => {
    const hits = await find('/api/Search/anchor', '梅西');
    expect(hits.map((hit) => hit.title)).toEqual(['梅西']);
  });

  it('matches Latin text case-insensitively', async () => {
    expect((await find('/api/Search/anchor', 'KICKOFF')).map((hit) => hit.title)).toEqual(['Kickoff Kim']);
  });

  it('refuses 11 characters with a translated message and stores nothing', async () => {
    const response = await call('/api/Search/anchor?name=12345678901', { headers: { lang: 'en' } });
    expect(response.body.code).toBe(1);
    expect(response.body.msg).toBe('A search can be at most 10 characters');
    const zh = await call('/api/Search/anchor?name=一二三四五六七八九十一');
    expect(zh.body.msg).toBe('搜索内容最多 10 个字');
  });

  it.each(['/api/Search/anchor', '/api/Search/live', '/api/Search/list?kind=news&'])(
    '%s answers 11 characters with HTTP 400 in the reader language',
    async (route) => {
      const url = (name: string) =>
        `${route.includes('?') ? route : `${route}?`}name=${encodeURIComponent(name)}`;
      const expected = {
        'zh-CN': '搜索内容最多 10 个字',
        'zh-TW': '搜尋內容最多 10 個字',
        en: 'A search can be at most 10 characters',
        vi: 'Nội dung tìm kiếm tối đa 10 ký tự',
      };
      for (const [lang, msg] of Object.entries(expected)) {
        const response = await call(url('⚽一二三四五六七八九十'), { headers: { lang } });
        expect({ lang, status: response.status, code: response.body.code, msg: response.body.msg }).toEqual({
          lang,
          status: 400,
          code: 1,
          msg,
        });
      }
      // Ten characters, one of them outside the BMP, are within the limit.
      expect((await call(url('⚽一二三四五六七八九'))).body.code).toBe(0);
    },
  );

  it('takes exactly 10 characters, and an empty query finds nothing', async () => {
    expect(await find('/api/Search/anchor', '一二三四五六七八九十')).toEqual([]);
    expect(await find('/api/Search/anchor', '   ')).toEqual([]);
  });

  it('treats LIKE wildcards and markup as plain text', async () => {
    expect(await find('/api/Search/anchor', '%%%')).toEqual([]);
    expect(await find('/api/Search/anchor', '<script>')).toEqual([]);
  });

  it('keys a renamed streamer again: the old name no longer finds them, the new one does', async () => {
    const db = testDb.db;
    const renamed = await makeUser(db, { nickname: '旧名字', isAnchor: true });
    await indexPendingSearchDocuments(db, NOW);
    expect((await find('/api/Search/anchor', 'jmz')).map((hit) => hit.id)).toContain(renamed.id);
    await db.update(users).set({ nickname: '新名字' }).where(eq(users.id, renamed.id));
    expect((await find('/api/Search/anchor', 'jmz')).map((hit) => hit.id)).not.toContain(renamed.id);
    await indexPendingSearchDocuments(db, NOW);
    expect((await find('/api/Search/anchor', 'xmz')).map((hit) => hit.id)).toContain(renamed.id);
  });
});

describe('api/Search/live', () => {
  it.each(['曼联', '曼聯', 'manlian', 'mldqex', '切尔西', 'Kim', String(1)])(
    'finds the room by %s',
    async (name) => {
      if (name === '1') name = String(roomId);
      expect((await find('/api/Search/live', name)).map((hit) => hit.id)).toContain(roomId);
    },
  );
});

describe('api/Search/list', () => {
  it('finds news in any of its languages, shown in the reader’s', async () => {
    const zh = await find('/api/Search/list', '皇家馬德里', '&kind=news');
    expect(zh.map((hit) => hit.id)).toEqual([articleId]);
    expect(zh[0]!.title).toBe('皇家马德里逆转取胜');
    const en = await call<Hit[]>('/api/Search/list?kind=news&name=hjmdl', { headers: { lang: 'en' } });
    expect(en.body.data[0]!.title).toBe('Real Madrid come back to win');
    expect((await find('/api/Search/list', 'madrid', '&kind=news')).map((hit) => hit.id)).toEqual([
      articleId,
    ]);
  });

  it.each(['歐冠絕殺', '欧冠', 'ouguan', 'ogjs', 'mc'])('finds a video by its title: %s', async (name) => {
    const hits = await find('/api/Search/list', name, '&kind=video');
    expect(hits.map((hit) => hit.id)).toContain(videoId);
    expect(hits.map((hit) => hit.id)).not.toContain(deletedVideoId);
    const hit = hits.find((one) => one.id === videoId)!;
    expect(hit).toMatchObject({
      title: '曼城欧冠绝杀集锦',
      subtitle: 'Kickoff Kim',
      href: `/video-player?id=${videoId}`,
    });
  });

  it('finds teams and their matches by Chinese, pinyin or English', async () => {
    for (const name of ['曼聯', 'ml', 'manchester']) {
      expect((await find('/api/Search/list', name, '&kind=team')).map((hit) => hit.id)).toContain(teamId);
      const hits = await find('/api/Search/list', name, '&kind=match');
      expect(hits.map((hit) => hit.id)).toContain(matchId);
    }
    const [match] = await find('/api/Search/list', '曼联', '&kind=match');
    expect(match!.title).toBe('曼联 2 - 1 切尔西');
  });

  it('finds nothing for an unknown kind, and refuses a missing one', async () => {
    expect(await find('/api/Search/list', '曼联', '&kind=nothing')).toEqual([]);
    expect((await call('/api/Search/list?name=x')).body.code).toBe(1);
  });
});

describe('hot searches', () => {
  let reader = 0;
  /** Each search from another reader's address, as the hot list counts a reader's term once an hour. */
  const record = (name: string, headers: Record<string, string> = {}) =>
    call('/api/Search/record', {
      json: { name },
      headers: { [PEER_HEADER]: `198.51.100.${++reader}`, ...headers },
    });

  it('counts real searches per day, most searched first, at most ten', async () => {
    for (const [name, times] of [
      ['梅西', 3],
      ['曼聯', 2],
      ['曼联', 1],
      ['C罗', 1],
    ] as const) {
      for (let i = 0; i < times; i += 1) {
        const response = await record(name);
        expect(response.body.code).toBe(0);
      }
    }
    for (let i = 0; i < 12; i += 1) await record(`term${i}`);
    const hot = (await call<{ short_name_zh: string; count: number }[]>('/api/Search/index')).body.data;
    expect(hot).toHaveLength(10);
    expect(hot.slice(0, 3)).toEqual([
      { short_name_zh: '曼联', count: 3 },
      { short_name_zh: '梅西', count: 3 },
      { short_name_zh: 'c罗', count: 1 },
    ]);
    now = new Date(NOW.getTime() + 24 * 3600_000);
    expect((await call('/api/Search/index')).body.data).toEqual([]);
    now = NOW;
  });

  it('refuses to count an empty or 11-character search', async () => {
    const before = (await call<unknown[]>('/api/Search/index')).body.data;
    expect((await call('/api/Search/record', { json: { name: ' ' } })).body.code).toBe(1);
    const long = await call('/api/Search/record', {
      json: { name: 'abcdefghijk' },
      headers: { lang: 'zh-TW' },
    });
    expect(long.body.msg).toBe('搜尋內容最多 10 個字');
    expect((await call<unknown[]>('/api/Search/index')).body.data).toEqual(before);
  });

  it('counts one reader once per term an hour, however often they search it', async () => {
    const peer = { [PEER_HEADER]: '192.0.2.77' };
    for (let i = 0; i < 5; i += 1)
      expect((await call('/api/Search/record', { json: { name: '哈兰德' }, headers: peer })).body.code).toBe(
        0,
      );
    const [row] = await testDb.db.select().from(searchTerms).where(eq(searchTerms.term, '哈兰德'));
    expect(row?.count).toBe(1);
  });

  it('counts searches from signed-in readers the same way', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    expect((await call('/api/Search/record', { json: { name: '梅西' }, headers: { token } })).body.code).toBe(
      0,
    );
  });
});

describe('indexes', () => {
  it('plans a query through the trigram index and a short one through the grams index', async () => {
    const db = testDb.db;
    await db.execute(sql`set enable_seqscan = off`);
    const plan = async (where: ReturnType<typeof sql>) =>
      (
        await db.execute<{ 'QUERY PLAN': string }>(
          sql`explain select ref_id from search_documents where ${where}`,
        )
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    expect(await plan(sql`key like '%meixi%'`)).toContain('search_documents_key_trgm');
    expect(await plan(sql`grams @> array['mx']`)).toContain('search_documents_grams');
    await db.execute(sql`reset enable_seqscan`);
  });
});
