// The counts kept beside the rows (issue #45) agree with counting the rows, through every kind of write:
// the news list's totals per category and language (published, scheduled, taken down, restored, moved,
// deleted with its post or its match), the circles' shown posts (in review, approved, deleted, removed
// for good), a member's unread private messages (sent, read, joined later), and the search queue
// (a new streamer, a renamed one). Also the lists' keyset pages: `cursor` follows `page` exactly, and a
// restore brings the counts back as backed up (the triggers stand aside: lib/ops/backup.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { seedCircles } from '@/lib/circles/seed';
import { createCirclePost, listCirclePosts, setReviewRequired } from '@/lib/circles/service';
import { createDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { listConversations } from '@/lib/im/conversation-list';
import { markConversationRead, openConversation, sendImMessage } from '@/lib/im/service';
import { seedNewsCategories } from '@/lib/news/categories';
import { editArticle, listNews, removeArticle, restoreArticle, writeArticle } from '@/lib/news/service';
import { backupDatabase, restoreDatabase } from '@/lib/ops/backup';
import { reviewPost } from '@/lib/posts/service';
import { indexPendingSearchDocuments } from '@/lib/search/service';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await seedNewsCategories(testDb.db);
});
afterAll(() => testDb.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await testDb.db.execute(query)).rows as T[];

it('keeps the news totals of every category and language as counting them does', async () => {
  const db = testDb.db;
  const editor = await makeUser(db, { role: 'operator' });
  const [first, second] = await rows<{ id: number }>(sql`select id from news_categories order by id limit 2`);
  const version = (locale: Locale, title: string) => ({ locale, title, summary: '', body: '正文' });
  const ids: number[] = [];
  for (let i = 0; i < 5; i++)
    ids.push(
      (
        await writeArticle(
          db,
          editor.id,
          { categoryId: first!.id, versions: [version('zh-CN', `新闻${i}`), version('en', `News ${i}`)] },
          new Date(NOON.getTime() - i * 60_000),
        )
      ).id,
    );
  const later = await writeArticle(
    db,
    editor.id,
    {
      categoryId: second!.id,
      versions: [version('zh-CN', '明天')],
      publishAt: new Date(NOON.getTime() + 3_600_000),
    },
    NOON,
  );
  await removeArticle(db, ids[0]!, NOON);
  await removeArticle(db, ids[1]!, NOON);
  await restoreArticle(db, ids[1]!);
  await editArticle(db, ids[2]!, { categoryId: second!.id, versions: [version('vi', 'Tin')] });
  await db.execute(sql`delete from posts where id = ${ids[3]!}`);
  await db.execute(sql`delete from news_articles where post_id = ${ids[4]!}`);

  const kept = await rows(
    sql`select category_id, locale, articles from news_counts where articles <> 0 order by 1, 2`,
  );
  const counted =
    await rows(sql`select a.category_id, t.locale, count(*)::int as articles from news_articles a
    join posts p on p.id = a.post_id and p.deleted_at is null join news_translations t on t.post_id = a.post_id
    group by 1, 2 order by 1, 2`);
  expect(kept).toEqual(counted);
  // Scheduled articles are counted once published: the list's total leaves them out until then.
  const page = await listNews(db, 'zh-CN', { page: 1, size: 20, now: NOON });
  expect(page.total).toBe(page.list.length);
  expect(page.list.map((item) => item.id)).not.toContain(later.id);
  const tomorrow = await listNews(db, 'zh-CN', {
    page: 1,
    size: 20,
    now: new Date(NOON.getTime() + 7_200_000),
  });
  expect(tomorrow.total).toBe(page.total + 1);
  // The keyset page after the first is what OFFSET gives.
  const one = await listNews(db, 'zh-CN', { page: 1, size: 1, now: NOON });
  const two = await listNews(db, 'zh-CN', { page: 2, size: 1, now: NOON, cursor: one.cursor! });
  expect(two.list.map((item) => item.id)).toEqual(
    (await listNews(db, 'zh-CN', { page: 2, size: 1, now: NOON })).list.map((item) => item.id),
  );
});

it('keeps each circle’s shown posts as counting them does', async () => {
  const db = testDb.db;
  await seedCircles(db);
  const author = await makeUser(db);
  const [general] = await rows<{ id: number }>(sql`select id from circles order by id limit 1`);
  const post = (content: string, at: Date) =>
    createCirclePost(db, author.id, { content, images: [], circleId: general!.id }, at);
  const made: number[] = [];
  for (let i = 0; i < 4; i++) made.push((await post(`帖子${i}`, new Date(NOON.getTime() - i * 60_000))).id);
  await setReviewRequired(db, true);
  const held = await post('待审', NOON);
  const refused = await post('不行', NOON);
  await setReviewRequired(db, false);
  await reviewPost(db, 'circle', { id: held.id, approve: true }, NOON);
  await reviewPost(db, 'circle', { id: refused.id, approve: false, reason: '广告' }, NOON);
  await db.execute(sql`update posts set deleted_at = ${NOON} where id = ${made[0]!}`);
  await db.execute(sql`delete from posts where id = ${made[1]!}`);

  const kept = await rows(sql`select id, shown_posts from circles where shown_posts <> 0 order by id`);
  const counted = await rows(sql`select cp.circle_id as id, count(*)::int as shown_posts from circle_posts cp
    join posts p on p.id = cp.post_id where p.channel = 'circle' and p.review_status = 'approved'
    and p.deleted_at is null group by 1 order by 1`);
  expect(kept).toEqual(counted);
  const list = { sort: 'new' as const, now: NOON, locale: 'zh-CN' as const };
  const all = await listCirclePosts(db, { ...list, page: 1, size: 20 }, null);
  expect(all.total).toBe(all.list.length);
  const one = await listCirclePosts(db, { ...list, page: 1, size: 1 }, null);
  const two = await listCirclePosts(db, { ...list, page: 2, size: 1, cursor: one.cursor! }, null);
  expect(two.list.map((item) => item.id)).toEqual(
    (await listCirclePosts(db, { ...list, page: 2, size: 1 }, null)).list.map((item) => item.id),
  );
});

it('keeps each member’s unread messages as counting them does; queues new and renamed streamers', async () => {
  const db = testDb.db;
  const [alice, bob] = [await makeUser(db), await makeUser(db)];
  const { conversation_id: id } = await openConversation(db, alice.id, bob.id, NOON);
  const send = (from: typeof alice, text: string) =>
    sendImMessage(db, { sender: from, conversationId: id, content: { type: 'text', text } }, NOON);
  await send(alice, '在吗');
  await send(alice, '看球');
  const unreadOf = async (userId: number) =>
    (await listConversations(db, userId)).list.find((item) => item.conversationID === id)!.unread;
  expect([await unreadOf(alice.id), await unreadOf(bob.id)]).toEqual([0, 2]);
  await markConversationRead(db, bob.id, id);
  await send(alice, '进球了');
  expect(await unreadOf(bob.id)).toBe(1);
  await send(bob, '看到了');
  expect([await unreadOf(alice.id), await unreadOf(bob.id)]).toEqual([1, 0]);
  const counted = await rows(sql`select mem.user_id, count(msg.id)::int as unread from im_members mem
    left join im_messages msg on msg.conversation_id = mem.conversation_id and msg.id > mem.last_read_id
      and msg.sender_id <> mem.user_id where mem.conversation_id = ${id} group by 1 order by 1`);
  expect(
    await rows(sql`select user_id, unread from im_members where conversation_id = ${id} order by 1`),
  ).toEqual(counted);

  const anchor = await makeUser(db, { isAnchor: true, nickname: '老队长' });
  expect(
    await rows(sql`select kind from search_pending where ref_id = ${anchor.id} and kind = 'anchor'`),
  ).toHaveLength(1);
  await indexPendingSearchDocuments(db, NOON);
  expect(await rows(sql`select 1 from search_pending`)).toEqual([]);
  const keyOf = async () =>
    (
      await rows<{ key: string }>(
        sql`select key from search_documents where kind = 'anchor' and ref_id = ${anchor.id}`,
      )
    )[0]?.key;
  const before = await keyOf();
  await db.execute(sql`update users set nickname = '新队长' where id = ${anchor.id}`);
  expect(
    await rows(sql`select 1 from search_pending where kind = 'anchor' and ref_id = ${anchor.id}`),
  ).toHaveLength(1);
  await indexPendingSearchDocuments(db, NOON);
  expect(await keyOf()).toEqual(expect.any(String));
  expect(await keyOf()).not.toBe(before);
});

it('restores the kept counts and the search queue as they were backed up, not counted again', async () => {
  const db = testDb.db;
  await db.execute(sql`update users set nickname = '又改名' where is_anchor`);
  const kept = async (target: typeof db) =>
    Promise.all(
      [
        sql`select category_id, locale, articles from news_counts order by 1, 2`,
        sql`select id, shown_posts from circles order by id`,
        sql`select conversation_id, user_id, unread from im_members order by 1, 2`,
        sql`select kind, ref_id from search_pending order by 1, 2`,
      ].map(async (query) => (await target.execute(query)).rows),
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-counts-'));
  await backupDatabase(testDb.url, dir);
  const name = `kept_${testDb.name}`.slice(0, 63);
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
  url.pathname = `/${name}`;
  try {
    await restoreDatabase(url.toString(), dir);
    const restored = createDb(url.toString(), 1);
    try {
      expect(await kept(restored.db)).toEqual(await kept(db));
    } finally {
      await restored.pool.end();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
