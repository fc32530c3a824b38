// Reserved lives, bookings and rankings through the API, on a small hand-made fixture.
import { eq } from 'drizzle-orm';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { CLOCK_EDGES } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { broadcasts, follows, liveRooms } from './schema';
import { ensureRoom } from './service';

// Every instant of CLOCK_EDGES, each on its own database: reservations, bookings and ranking windows hold at any hour.
describe.each(CLOCK_EDGES)('at %s', (_label, AT) => {
  let testDb: TestDb;
  let app: ApiApp;
  const call = apiCaller(() => app);
  let upcomingMatchId: number;
  let finishedMatchId: number;

  const HOUR = 3600_000;

  beforeAll(async () => {
    testDb = await createTestDb();
    app = createApiApp({ db: () => testDb.db, clock: () => AT });
    const db = testDb.db;
    const [competition] = await db
      .insert(competitions)
      .values({
        code: 'test.1',
        sport: 'football',
        kind: 'league',
        region: 'test',
        sourceName: 'Test League',
        source: 'test',
      })
      .returning();
    const [season] = await db
      .insert(seasons)
      .values({ competitionId: competition!.id, key: '2026', sourceName: '2026' })
      .returning();
    const [home, away] = await db
      .insert(teams)
      .values([
        { sport: 'football', sourceName: 'Home FC', crestColors: ['#000000', '#ffffff'] },
        { sport: 'football', sourceName: 'Away FC', crestColors: ['#ffffff', '#000000'] },
      ])
      .returning();
    const base = {
      seasonId: season!.id,
      source: 'test',
      round: '1',
      homeTeamId: home!.id,
      awayTeamId: away!.id,
    };
    const [upcoming, finished] = await db
      .insert(matches)
      .values([
        { ...base, externalId: 'a', kickoffAt: new Date(AT.getTime() + 24 * HOUR) },
        { ...base, externalId: 'b', kickoffAt: new Date(AT.getTime() - 24 * HOUR), status: 'finished' },
      ])
      .returning();
    upcomingMatchId = upcoming!.id;
    finishedMatchId = finished!.id;
  });
  afterAll(() => testDb.close());

  const anchor = () => makeSignedInUser(testDb.db, { isAnchor: true, nickname: '主播预约' });
  const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
  const inHours = (hours: number) => new Date(AT.getTime() + hours * HOUR).toISOString();

  type Created = { id: number; room_id: number };
  type Listed = { id: number; title: string; booked: boolean; bookings: number; sport: string }[];

  describe('reserved lives', () => {
    it('creates, lists, books, shows in the user bookings, and deletes', async () => {
      const { token } = await anchor();
      const created = await call<Created>('/api/Live/setReserveLiveNew', {
        headers: { token },
        json: { title: '欧冠前瞻', starts_at: inHours(5), match_id: upcomingMatchId },
      });
      expect(created.body.code).toBe(0);
      const { id, room_id } = created.body.data;

      const viewer = await makeSignedInUser(testDb.db);
      const booked = await call<{ booked: boolean; bookings: number }>('/api/live/reserveMatch', {
        headers: { token: viewer.token },
        json: { id, type: 1 },
      });
      expect(booked.body.data).toMatchObject({ booked: true, bookings: 1 });

      const list = await call<Listed>(`/api/Live_streaming/getReserveLiveList?room_id=${room_id}`, {
        headers: { token: viewer.token },
      });
      expect(list.body.data).toEqual([
        expect.objectContaining({ id, title: '欧冠前瞻', booked: true, sport: 'football' }),
      ]);
      const basketball = await call<Listed>(
        `/api/Live_streaming/getReserveLiveList?room_id=${room_id}&type=2`,
      );
      expect(basketball.body.data).toEqual([]);

      const mine = await call<{ lives: Listed }>('/api/Live_streaming/getUserReserveLiveList', {
        headers: { token: viewer.token },
      });
      expect(mine.body.data.lives.map((item) => item.id)).toEqual([id]);

      const unbooked = await call<{ booked: boolean; bookings: number }>('/api/live/reserveMatch', {
        headers: { token: viewer.token },
        json: { id, type: 0 },
      });
      expect(unbooked.body.data).toMatchObject({ booked: false, bookings: 0 });

      const deleted = await call(`/api/live/deleteReserveLive?id=${id}`, { headers: { token } });
      expect(deleted.body.code).toBe(0);
      const after = await call<Listed>(`/api/Live_streaming/getReserveLiveList?room_id=${room_id}`);
      expect(after.body.data).toEqual([]);
    });

    it('refuses a past time, a time beyond 30 days, a started match, a long title and viewers', async () => {
      const { token } = await anchor();
      const past = await call('/api/Live/setReserveLiveNew', {
        headers: en(token),
        json: { title: 'x', starts_at: inHours(-1) },
      });
      expect(past.status).toBe(400);
      expect(past.body.msg).toBe('Pick a start time in the future');
      const far = await call('/api/Live/setReserveLiveNew', {
        headers: en(token),
        json: { title: 'x', starts_at: inHours(31 * 24) },
      });
      expect(far.status).toBe(400);
      const started = await call('/api/Live/setReserveLiveNew', {
        headers: en(token),
        json: { title: 'x', starts_at: inHours(2), match_id: finishedMatchId },
      });
      expect(started.status).toBe(400);
      const unknown = await call('/api/Live/setReserveLiveNew', {
        headers: en(token),
        json: { title: 'x', starts_at: inHours(2), match_id: 999_999 },
      });
      expect(unknown.status).toBe(404);
      const long = await call('/api/Live/setReserveLiveNew', {
        headers: en(token),
        json: { title: 'x'.repeat(61), starts_at: inHours(2) },
      });
      expect(long.status).toBe(400);
      const viewer = await makeSignedInUser(testDb.db);
      const notAnchor = await call('/api/Live/setReserveLiveNew', {
        headers: en(viewer.token),
        json: { title: 'x', starts_at: inHours(2) },
      });
      expect(notAnchor.status).toBe(403);
      const guest = await call('/api/Live/setReserveLiveNew', {
        headers: en(),
        json: { title: 'x', starts_at: inHours(2) },
      });
      expect(guest.body.code).toBe(700);
    });

    it('lets only the owner delete, and answers unknown ids with 404', async () => {
      const owner = await anchor();
      const other = await anchor();
      const created = await call<Created>('/api/Live/setReserveLiveNew', {
        headers: { token: owner.token },
        json: { title: '夜场', starts_at: inHours(3) },
      });
      const foreign = await call(`/api/live/deleteReserveLive?id=${created.body.data.id}`, {
        headers: en(other.token),
      });
      expect(foreign.status).toBe(403);
      const unknown = await call('/api/live/deleteReserveLive?id=999999', { headers: en(owner.token) });
      expect(unknown.status).toBe(404);
      const bookUnknown = await call('/api/live/reserveMatch', {
        headers: en(owner.token),
        json: { id: 999_999, type: 1 },
      });
      expect(bookUnknown.status).toBe(404);
      const badType = await call('/api/live/reserveMatch', {
        headers: en(owner.token),
        json: { id: created.body.data.id, type: 3 },
      });
      expect(badType.status).toBe(400);
      const guest = await call('/api/live/reserveMatch', {
        headers: en(),
        json: { id: created.body.data.id, type: 1 },
      });
      expect(guest.body.code).toBe(700);
      const guestList = await call('/api/Live_streaming/getUserReserveLiveList', { headers: en() });
      expect(guestList.body.code).toBe(700);
    });
  });

  describe('match bookings', () => {
    it('books and unbooks a match not started, refuses finished and unknown ones', async () => {
      const { token } = await makeSignedInUser(testDb.db);
      const booked = await call('/api/live/reserveMatch2', {
        headers: { token },
        json: { match_id: upcomingMatchId, type: 1 },
      });
      expect(booked.body.data).toEqual({ match_id: upcomingMatchId, booked: true });
      const mine = await call<{ matches: { match_id: number; home_team_name: string }[] }>(
        '/api/Live_streaming/getUserReserveLiveList',
        { headers: { token } },
      );
      expect(mine.body.data.matches).toEqual([
        expect.objectContaining({ match_id: upcomingMatchId, home_team_name: 'Home FC' }),
      ]);
      const unbooked = await call('/api/live/reserveMatch2', {
        headers: { token },
        json: { match_id: upcomingMatchId, type: 0 },
      });
      expect(unbooked.body.data).toEqual({ match_id: upcomingMatchId, booked: false });
      const finished = await call('/api/live/reserveMatch2', {
        headers: en(token),
        json: { match_id: finishedMatchId, type: 1 },
      });
      expect(finished.status).toBe(400);
      const unknown = await call('/api/live/reserveMatch2', {
        headers: en(token),
        json: { match_id: 999_999, type: 1 },
      });
      expect(unknown.status).toBe(404);
      const guest = await call('/api/live/reserveMatch2', {
        headers: en(),
        json: { match_id: upcomingMatchId, type: 1 },
      });
      expect(guest.body.code).toBe(700);
    });
  });

  describe('GET api/Live_streaming/roomRanking', () => {
    it('ranks streamers by peak viewer-hours in the window and anchors by follows gained', async () => {
      const big = await anchor();
      const small = await anchor();
      const bigRoom = await ensureRoom(testDb.db, big.user.id);
      const smallRoom = await ensureRoom(testDb.db, small.user.id);
      const now = AT.getTime();
      await testDb.db.insert(broadcasts).values([
        // 100 peak viewers for 2 hours: 200 viewer-hours.
        {
          roomId: bigRoom.id,
          title: 'a',
          category: 'football',
          startedAt: new Date(now - 3 * HOUR),
          endedAt: new Date(now - HOUR),
          peakViewers: 100,
        },
        // 50 for 1 hour: 50.
        {
          roomId: smallRoom.id,
          title: 'b',
          category: 'football',
          startedAt: new Date(now - 2 * HOUR),
          endedAt: new Date(now - HOUR),
          peakViewers: 50,
        },
        // Long ago: only in the total.
        {
          roomId: smallRoom.id,
          title: 'c',
          category: 'football',
          startedAt: new Date(now - 400 * 24 * HOUR),
          endedAt: new Date(now - 399 * 24 * HOUR),
          peakViewers: 100,
        },
      ]);
      const fan = await makeSignedInUser(testDb.db);
      await testDb.db.insert(follows).values({ userId: fan.user.id, anchorId: small.user.id });

      type Ranking = {
        since: string | null;
        streamers: { anchor_id: number; heat: number }[];
        fans: { anchor_id: number; gained: number }[];
      };
      const week = await call<Ranking>('/api/Live_streaming/roomRanking?type=week');
      const ours = week.body.data.streamers.filter((row) =>
        [big.user.id, small.user.id].includes(row.anchor_id),
      );
      expect(ours).toEqual([
        expect.objectContaining({ anchor_id: big.user.id, heat: 200 }),
        expect.objectContaining({ anchor_id: small.user.id, heat: 50 }),
      ]);
      expect(week.body.data.fans).toContainEqual(
        expect.objectContaining({ anchor_id: small.user.id, gained: 1 }),
      );
      const total = await call<Ranking>('/api/Live_streaming/roomRanking?type=total');
      expect(total.body.data.since).toBeNull();
      expect(total.body.data.streamers.find((row) => row.anchor_id === small.user.id)?.heat).toBe(2450);
      const bad = await call('/api/Live_streaming/roomRanking?type=year', { headers: en() });
      expect(bad.status).toBe(400);
      await testDb.db.delete(liveRooms).where(eq(liveRooms.id, bigRoom.id));
    });
  });
});
