import { eq } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { uploads } from '@/lib/storage/schema';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { customCategories, liveRooms, reservedLives } from './schema';
import { ensureRoom } from './service';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

type Card = { room_id: number; status: string; heat: number; category: string; anchor: { nickname: string } };
type List = { list: Card[]; total: number; page: number; age_check_needed?: boolean };

/** An anchor with a room in the given state and category. */
async function room(nickname: string, values: Partial<typeof liveRooms.$inferInsert>) {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname });
  const made = await ensureRoom(testDb.db, anchor.user.id);
  await testDb.db.update(liveRooms).set(values).where(eq(liveRooms.id, made.id));
  return { ...anchor, roomId: made.id };
}

describe('room lists', () => {
  let hot: number;
  let cool: number;
  let idle: number;
  let adult: number;
  let custom: number;
  let categoryId: number;

  beforeAll(async () => {
    const [category] = await testDb.db
      .insert(customCategories)
      .values({ names: { 'zh-CN': '台球', en: 'Snooker' }, sort: 1 })
      .returning();
    categoryId = category!.id;
    hot = (await room('热门主播', { status: 'live', heat: 900, category: 'football' })).roomId;
    cool = (await room('冷门主播', { status: 'live', heat: 10, category: 'basketball' })).roomId;
    idle = (await room('休息主播', { status: 'idle', heat: 5000, category: 'football' })).roomId;
    adult = (await room('夜场主播', { status: 'live', heat: 5000, category: 'adult' })).roomId;
    custom = (
      await room('台球主播', { status: 'live', heat: 50, category: 'custom', customCategoryId: categoryId })
    ).roomId;
  });

  it('getRoomList: live first then heat, by type, paged; 18+ only after the age check', async () => {
    const all = await call<List>('/api/Live/getRoomList?type=0&size=2');
    expect(all.body.code).toBe(0);
    expect(all.body.data.list.map((card) => card.room_id)).toEqual([hot, custom]);
    expect(all.body.data.total).toBe(4);
    const second = await call<List>('/api/Live/getRoomList?type=0&size=2&page=2');
    expect(second.body.data.list.map((card) => card.room_id)).toEqual([cool, idle]);
    const past = await call<List>('/api/Live/getRoomList?type=0&size=2&page=3');
    expect(past.body.data).toMatchObject({ list: [], total: 4, page: 3 });

    const football = await call<List>('/api/live/getroomlist?type=1');
    expect(football.body.data.list.map((card) => card.room_id)).toEqual([hot, idle]);
    const snooker = await call<List>(`/api/Live/getRoomList?type=3&id=${categoryId}`);
    expect(snooker.body.data.list.map((card) => card.room_id)).toEqual([custom]);

    const unchecked = await call<List>('/api/Live/getRoomList?type=3');
    expect(unchecked.body.data).toMatchObject({ list: [], age_check_needed: true });
    const checked = await call<List>('/api/Live/getRoomList?type=3', { headers: { cookie: 'adult_ok=1' } });
    expect(checked.body.data.list.map((card) => card.room_id)).toEqual([adult]);
  });

  it('getRoomList refuses bad input with a translated message', async () => {
    const bad = await call('/api/Live/getRoomList?type=9', { headers: { lang: 'en' } });
    expect(bad.body.code).toBe(1);
    expect(bad.body.msg).toMatch(/type/i);
    const filter = await call('/api/Live/getRoomList?filter=tomorrow', { headers: { lang: 'zh-CN' } });
    expect(filter.body.code).toBe(1);
  });

  it("today and weekdays are the viewer's calendar days (the tz cookie), else the portal's", async () => {
    // 23:30 UTC on Monday 15 June: Tuesday 07:30 in Shanghai, still Monday 19:30 in New York.
    await testDb.db
      .insert(reservedLives)
      .values({ roomId: idle, title: 'Late kick-off', startsAt: new Date('2026-06-15T23:30:00Z') });
    const ids = async (query: string, zone?: string) =>
      (
        await call<List>(
          `/api/Live/getRoomList?type=1&${query}`,
          zone ? { headers: { cookie: `tz=${zone}` } } : {},
        )
      ).body.data.list.map((card) => card.room_id);
    expect(await ids('filter=today')).not.toContain(idle);
    expect(await ids('filter=weekday&weekday=2')).toContain(idle);
    expect(await ids('filter=today', 'America/New_York')).toContain(idle);
    expect(await ids('filter=weekday&weekday=2', 'America/New_York')).not.toContain(idle);
    expect(await ids('filter=weekday&weekday=1', 'America/New_York')).toContain(idle);
  });

  it('getLiveList: only live rooms, never 18+', async () => {
    const reply = await call<List>('/api/Live_streaming/getLiveList');
    expect(reply.body.data.list.map((card) => card.room_id)).toEqual([hot, custom, cool]);
    expect(reply.body.data.list[0]!.anchor.nickname).toBe('热门主播');
    expect(reply.body.data.total).toBe(3);
    const second = await call<List>('/api/Live_streaming/getLiveList?size=1&page=2');
    expect(second.body.data).toMatchObject({ total: 3, page: 2 });
    expect(second.body.data.list.map((card) => card.room_id)).toEqual([custom]);
    expect((await call('/api/Live_streaming/getLiveList?size=0')).body.code).toBe(1);
  });

  it('getBucketRoomList: live rooms by category with their counts', async () => {
    const reply = await call<{
      list: { category: string; name: string | null; live_count: number; rooms: Card[] }[];
    }>('/api/Live/getBucketRoomList', { headers: { lang: 'en' } });
    expect(reply.body.data.list.map((bucket) => [bucket.category, bucket.name, bucket.live_count])).toEqual([
      ['football', null, 1],
      ['basketball', null, 1],
      ['custom', 'Snooker', 1],
    ]);
    expect(reply.body.data.list[0]!.rooms[0]!.room_id).toBe(hot);
    expect((await call('/api/Live/getBucketRoomList?size=99')).body.code).toBe(1);

    // A bucket shows its `size` hottest rooms and counts every live one.
    const second = (await room('二号足球主播', { status: 'live', heat: 100, category: 'football' })).roomId;
    const wide = await call<{ list: { live_count: number; rooms: Card[] }[] }>('/api/Live/getBucketRoomList');
    expect(wide.body.data.list[0]!.rooms.map((card) => card.room_id)).toEqual([hot, second]);
    const narrow = await call<{ list: { live_count: number; rooms: Card[] }[] }>(
      '/api/Live/getBucketRoomList?size=1',
    );
    expect(narrow.body.data.list.map((bucket) => [bucket.live_count, bucket.rooms.length])).toEqual([
      [2, 1],
      [1, 1],
      [1, 1],
    ]);
  });
});

describe("the anchor's own state and settings", () => {
  it('getUserStatus: a viewer, an applicant-free user and an anchor; guests need to log in', async () => {
    const viewer = await makeSignedInUser(testDb.db);
    const asViewer = await call<{ is_anchor: boolean; room: unknown }>('/api/Live/getUserStatus', {
      method: 'POST',
      headers: { token: viewer.token },
    });
    expect(asViewer.body.data).toEqual({ is_anchor: false, application: null, room: null });

    const anchor = await room('状态主播', { status: 'live' });
    const asAnchor = await call('/api/Live/getUserStatus', {
      method: 'POST',
      headers: { token: anchor.token },
    });
    expect(asAnchor.body.data).toEqual({
      is_anchor: true,
      application: null,
      room: { id: anchor.roomId, status: 'live', sealed: false, publishing: false },
    });
    expect((await call('/api/Live/getUserStatus', { method: 'POST' })).body.code).toBe(700);
  });

  it('updateLive: the room as it is now, for anchors only', async () => {
    const anchor = await room('刷新主播', { status: 'idle', heat: 12 });
    const reply = await call('/api/live/updateLive', { headers: { token: anchor.token } });
    expect(reply.body.data).toMatchObject({
      room_id: anchor.roomId,
      status: 'idle',
      heat: 12,
      publishing: false,
    });
    const viewer = await makeSignedInUser(testDb.db);
    expect((await call('/api/live/updateLive', { headers: { token: viewer.token } })).status).toBe(403);
  });

  it('setLiveList saves every setting at once, or none when one is wrong', async () => {
    const anchor = await room('设置主播', { title: '旧标题' });
    const cover = `/uploads/cover/${anchor.user.id}.webp`;
    await testDb.db.insert(uploads).values({
      userId: anchor.user.id,
      purpose: 'cover',
      key: `cover/${anchor.user.id}.webp`,
      url: cover,
      bytes: 1000,
      width: 1080,
      height: 608,
    });
    const saved = await call('/api/Live/setLiveList', {
      headers: { token: anchor.token },
      json: { title: '英超焦点战', placard: '今晚八点见', category: 'basketball', cover },
    });
    expect(saved.body.data).toMatchObject({
      room_id: anchor.roomId,
      title: '英超焦点战',
      placard: '今晚八点见',
      category: 'basketball',
      cover,
    });

    // Someone else's cover fails the whole call: the title stays as it was.
    const refused = await call('/api/Live/setLiveList', {
      headers: { token: anchor.token, lang: 'en' },
      json: { title: '不该保存', cover: '/uploads/cover/not-mine.webp' },
    });
    expect(refused.body.code).toBe(1);
    const [after] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, anchor.roomId));
    expect(after!.title).toBe('英超焦点战');

    const empty = await call('/api/Live/setLiveList', {
      headers: { token: anchor.token, lang: 'en' },
      json: {},
    });
    expect(empty.body).toMatchObject({ code: 1, msg: 'There is nothing to save' });
    const long = await call('/api/Live/setLiveList', {
      headers: { token: anchor.token, lang: 'en' },
      json: { placard: 'x'.repeat(51) },
    });
    expect(long.body.code).toBe(1);
  });
});
