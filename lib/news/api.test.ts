// News calls: categories, lists per language, reading records, operators' articles, and likes and
// comments of an article through the posts calls — with the refusals that store nothing.
import { count, eq } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { seedNewsCategories } from './categories';
import { newsArticles, newsReads } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
  await seedNewsCategories(testDb.db);
});
afterAll(() => testDb.close());

type Category = { id: number; slug: string; name: string };
type Item = {
  id: number;
  title: string;
  summary: string;
  locale: string;
  likes: number;
  comments: number;
  views: number;
};

const operator = () => makeSignedInUser(testDb.db, { role: 'operator', nickname: '编辑部' });

async function categories(lang: string) {
  return (await call<{ list: Category[] }>('/api/Headlines/classifyList', { headers: { lang } })).body.data
    .list;
}

async function publish(token: string, body: object, lang = 'zh-CN') {
  return call<{ id: number }>('/api/admin/news/insert', { headers: { token, lang }, json: body });
}

describe('categories and lists', () => {
  it('names the categories in the reader’s language', async () => {
    expect((await categories('zh-CN')).map((c) => c.name)).toContain('足球');
    expect((await categories('en')).map((c) => c.name)).toContain('Match reports');
  });

  it('lists an operator’s article in each language it was written in, newest first', async () => {
    const { token } = await operator();
    const football = (await categories('en')).find((c) => c.slug === 'football')!;
    const made = await publish(token, {
      classify_id: football.id,
      cover: '/uploads/image/cover.jpg',
      versions: [
        { locale: 'zh-CN', title: '周末英超看点', body: '第一段。\n\n第二段。' },
        { locale: 'en', title: 'Premier League weekend', summary: 'What to watch', body: 'One.\n\nTwo.' },
      ],
    });
    expect(made.body).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
    const zh = await call<{ list: Item[]; total: number }>(
      `/api/Portal_post/getList2?classify_id=${football.id}`,
      {
        headers: { lang: 'zh-CN' },
      },
    );
    expect(zh.body.data.list[0]).toMatchObject({
      id: made.body.data.id,
      title: '周末英超看点',
      summary: '第一段。\n\n第二段。',
    });
    const en = await call<{ list: Item[] }>('/api/Portal_post/getList2?page=1&size=5', {
      headers: { lang: 'en' },
    });
    expect(en.body.data.list[0]).toMatchObject({ title: 'Premier League weekend', summary: 'What to watch' });
    const vi = await call<{ list: Item[] }>('/api/Portal_post/getList2', { headers: { lang: 'vi' } });
    expect(vi.body.data.list.find((item) => item.id === made.body.data.id)).toBeUndefined();
  });

  it('refuses bad list parameters', async () => {
    const bad = await call('/api/Portal_post/getList2?size=500', { headers: { lang: 'en' } });
    expect(bad.body.code).toBe(1);
    expect(bad.body.msg).toMatch(/at most|50/i);
  });
});

describe('operators’ articles', () => {
  it('refuses bad articles with translated messages and stores nothing', async () => {
    const { token } = await operator();
    const [before] = await testDb.db.select({ n: count() }).from(newsArticles);
    const category = (await categories('zh-CN'))[0]!;
    const bad = [
      {
        classify_id: category.id,
        cover: 'javascript:alert(1)',
        versions: [{ locale: 'zh-CN', title: 'x', body: 'y' }],
      },
      {
        classify_id: category.id,
        cover: '//evil.example/x.png',
        versions: [{ locale: 'zh-CN', title: 'x', body: 'y' }],
      },
      { classify_id: category.id, versions: [] },
      { classify_id: category.id, versions: [{ locale: 'zh-CN', title: '', body: 'y' }] },
      { classify_id: category.id, versions: [{ locale: 'zh-CN', title: '标'.repeat(81), body: 'y' }] },
      { classify_id: category.id, versions: [{ locale: 'fr', title: 'x', body: 'y' }] },
      {
        classify_id: category.id,
        versions: [
          { locale: 'en', title: 'a', body: 'b' },
          { locale: 'en', title: 'c', body: 'd' },
        ],
      },
    ];
    for (const body of bad) {
      const answer = await publish(token, body);
      expect(answer.body.code).toBe(1);
      expect(answer.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const missing = await publish(token, {
      classify_id: 99999,
      versions: [{ locale: 'zh-CN', title: 'x', body: 'y' }],
    });
    expect(missing.body.msg).toBe('资讯分类不存在');
    const [after] = await testDb.db.select({ n: count() }).from(newsArticles);
    expect(after).toEqual(before);
  });

  it('is for operators only', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const category = (await categories('zh-CN'))[0]!;
    const answer = await publish(token, {
      classify_id: category.id,
      versions: [{ locale: 'zh-CN', title: 'x', body: 'y' }],
    });
    expect(answer.body.code).toBe(1);
    const guest = await call('/api/admin/news/insert', { json: { classify_id: category.id } });
    expect(guest.body.code).toBe(700);
  });

  it('keeps HTML as text', async () => {
    const { token } = await operator();
    const category = (await categories('zh-CN'))[0]!;
    const made = await publish(token, {
      classify_id: category.id,
      versions: [
        { locale: 'zh-CN', title: '<script>alert(1)</script>', body: '<img src=x onerror=alert(1)>' },
      ],
    });
    const list = await call<{ list: Item[] }>('/api/Portal_post/getList2', { headers: { lang: 'zh-CN' } });
    expect(list.body.data.list.find((item) => item.id === made.body.data.id)?.title).toBe(
      '<script>alert(1)</script>',
    );
  });
});

describe('reading, likes and comments', () => {
  async function article() {
    const { token } = await operator();
    const category = (await categories('zh-CN'))[0]!;
    return (
      await publish(token, {
        classify_id: category.id,
        versions: [{ locale: 'zh-CN', title: '标题', body: '正文' }],
      })
    ).body.data.id;
  }

  it('counts a reader once and a guest each time', async () => {
    const id = await article();
    const { user, token } = await makeSignedInUser(testDb.db);
    const first = await call<{ views: number; first: boolean }>(`/api/Headlines_user/insert?id=${id}`, {
      headers: { token },
    });
    expect(first.body.data).toMatchObject({ views: 1, first: true });
    const again = await call<{ views: number; first: boolean }>(`/api/Headlines_user/insert?id=${id}`, {
      headers: { token },
    });
    expect(again.body.data).toMatchObject({ views: 1, first: false });
    const guest = await call<{ views: number }>('/api/Headlines_user/insert', { json: { id } });
    expect(guest.body.data.views).toBe(2);
    const records = await testDb.db.select().from(newsReads).where(eq(newsReads.userId, user.id));
    expect(records).toHaveLength(1);
    const missing = await call('/api/Headlines_user/insert?id=999999', { headers: { lang: 'en' } });
    expect(missing.body).toMatchObject({
      code: 1,
      msg: 'This article does not exist or has been taken down',
    });
    const bad = await call('/api/Headlines_user/insert?id=abc');
    expect(bad.body.code).toBe(1);
  });

  it('takes likes and comments with replies through the posts calls, none once taken down', async () => {
    const id = await article();
    const { token } = await makeSignedInUser(testDb.db);
    const liked = await call('/api/anchor_dynamics_user/likes', { headers: { token }, json: { id } });
    expect(liked.body).toMatchObject({ code: 0, data: { liked: true, likes: 1 } });
    const comment = await call<{ id: number }>('/api/anchor_dynamics_user/comment', {
      headers: { token },
      json: { id, content: '好文' },
    });
    expect(comment.body.code).toBe(0);
    const reply = await call('/api/anchor_dynamics_user/comment', {
      headers: { token },
      json: { id, content: '同意', parent_id: comment.body.data.id },
    });
    expect(reply.body.code).toBe(0);
    const list = await call<{ list: Item[] }>('/api/Portal_post/getList2', { headers: { lang: 'zh-CN' } });
    expect(list.body.data.list.find((item) => item.id === id)).toMatchObject({ likes: 1, comments: 2 });

    const { token: op } = await operator();
    expect((await call('/api/admin/news/delete', { headers: { token: op }, json: { id } })).body.code).toBe(
      0,
    );
    const late = await call('/api/anchor_dynamics_user/comment', {
      headers: { token },
      json: { id, content: '还在吗' },
    });
    expect(late.body.code).toBe(1);
    const gone = await call('/api/admin/news/delete', { headers: { token: op }, json: { id } });
    expect(gone.body.code).toBe(1);
  });
});
