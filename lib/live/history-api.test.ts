import { eq } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { CLOCK_EDGES } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { recordWatch } from './history';
import { broadcasts, liveRooms } from './schema';
import { ensureRoom } from './service';

// Every instant of CLOCK_EDGES, each on its own database: the three-month history windows hold at any hour.
describe.each(CLOCK_EDGES)('at %s', (_label, AT) => {
  let testDb: TestDb;
  let app: ApiApp;
  const call = apiCaller(() => app);

  beforeAll(async () => {
    testDb = await createTestDb();
    app = createApiApp({ db: () => testDb.db, clock: () => AT });
  });
  afterAll(() => testDb.close());

  const DAY = 86_400_000;
  const MINUTE = 60_000;

  async function anchorRoom(nickname: string) {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname });
    return { ...anchor, room: await ensureRoom(testDb.db, anchor.user.id) };
  }

  describe('watch history', () => {
    it('lists the rooms watched in the last three months, most recent first, and forgets them', async () => {
      const viewer = await makeSignedInUser(testDb.db);
      const first = await anchorRoom('看过的主播');
      const second = await anchorRoom('刚看的主播');
      const old = await anchorRoom('很久以前的主播');
      await testDb.db
        .update(liveRooms)
        .set({ status: 'live', title: '英超直播' })
        .where(eq(liveRooms.id, second.room.id));
      const now = AT.getTime();
      await recordWatch(testDb.db, viewer.user.id, first.room.id, new Date(now - 2 * DAY));
      await recordWatch(testDb.db, viewer.user.id, second.room.id, new Date(now - MINUTE));
      await recordWatch(testDb.db, viewer.user.id, old.room.id, new Date(now - 100 * DAY));
      // Watching again moves a room to the top rather than adding a second record.
      await recordWatch(testDb.db, viewer.user.id, first.room.id, new Date(now));

      type Watched = {
        list: { room_id: number; status: string; title: string; anchor: { nickname: string } }[];
      };
      const listed = await call<Watched>('/api/User/watchlistList', { headers: { token: viewer.token } });
      expect(listed.body.data.list.map((row) => row.room_id)).toEqual([first.room.id, second.room.id]);
      expect(listed.body.data.list[1]).toMatchObject({ status: 'live', title: '英超直播' });
      expect(listed.body.data.list[1]!.anchor.nickname).toBe('刚看的主播');

      const one = await call('/api/User/watchlistDelete', {
        headers: { token: viewer.token },
        json: { room_id: first.room.id },
      });
      expect(one.body.data).toEqual({ removed: 1 });
      const all = await call('/api/User/watchlistDelete', { headers: { token: viewer.token }, json: {} });
      expect(all.body.data).toEqual({ removed: 2 });
      const empty = await call<Watched>('/api/User/watchlistList', { headers: { token: viewer.token } });
      expect(empty.body.data.list).toEqual([]);
    });

    it('needs a login and refuses bad input', async () => {
      expect((await call('/api/User/watchlistList')).body.code).toBe(700);
      const viewer = await makeSignedInUser(testDb.db);
      const bad = await call('/api/User/watchlistDelete', {
        headers: { token: viewer.token, lang: 'en' },
        json: { room_id: 'abc' },
      });
      expect(bad.body.code).toBe(1);
      expect(
        (await call('/api/User/watchlistList?size=500', { headers: { token: viewer.token } })).body.code,
      ).toBe(1);
    });
  });

  describe('anchor experience', () => {
    it('earns 0.1 for every six minutes on air, over finished broadcasts of the last three months', async () => {
      const anchor = await anchorRoom('经验主播');
      const now = AT.getTime();
      await testDb.db.insert(broadcasts).values([
        // 95 minutes: 15 tenths (1.5).
        {
          roomId: anchor.room.id,
          title: '周末英超',
          category: 'football',
          startedAt: new Date(now - DAY),
          endedAt: new Date(now - DAY + 95 * MINUTE),
        },
        // 5 minutes: below the smallest unit.
        {
          roomId: anchor.room.id,
          title: '试播',
          category: 'football',
          startedAt: new Date(now - 2 * DAY),
          endedAt: new Date(now - 2 * DAY + 5 * MINUTE),
        },
        // Still on air, and one from four months ago: neither counts.
        { roomId: anchor.room.id, title: '直播中', category: 'football', startedAt: new Date(now - MINUTE) },
        {
          roomId: anchor.room.id,
          title: '很早以前',
          category: 'football',
          startedAt: new Date(now - 120 * DAY),
          endedAt: new Date(now - 120 * DAY + 600 * MINUTE),
        },
      ]);
      const reply = await call<{
        total: number;
        list: { title: string; minutes: number; experience: number }[];
      }>('/api/User/anchorExperienceList', { headers: { token: anchor.token } });
      expect(reply.body.data.total).toBe(1.5);
      expect(reply.body.data.list.map((row) => [row.title, row.minutes, row.experience])).toEqual([
        ['周末英超', 95, 1.5],
        ['试播', 5, 0],
      ]);
    });

    it('is for anchors only', async () => {
      const viewer = await makeSignedInUser(testDb.db);
      expect(
        (await call('/api/User/anchorExperienceList', { headers: { token: viewer.token } })).status,
      ).toBe(403);
      expect((await call('/api/User/anchorExperienceList')).body.code).toBe(700);
    });
  });
});
