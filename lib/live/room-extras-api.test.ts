// Binding a room to a match, the matches offered to bind and a room's recommended videos, through the
// API on a small hand-made fixture.
import { eq } from 'drizzle-orm';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { CLOCK_EDGES } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { broadcasts, liveRooms } from './schema';
import { ensureRoom } from './service';

// Every instant of CLOCK_EDGES, each on its own database: the bindable days and live windows hold at any hour.
describe.each(CLOCK_EDGES)('at %s', (_label, AT) => {
  let testDb: TestDb;
  let app: ApiApp;
  const call = apiCaller(() => app);
  const ids = { live: 0, soon: 0, later: 0, finished: 0, basketball: 0, original: 0 };

  const HOUR = 3600_000;
  const DAY = 24 * HOUR;

  beforeAll(async () => {
    testDb = await createTestDb();
    app = createApiApp({ db: () => testDb.db, clock: () => AT });
    const db = testDb.db;
    const [league, nba] = await db
      .insert(competitions)
      .values([
        {
          code: 'extras.1',
          sport: 'football',
          kind: 'league',
          region: 'test',
          sourceName: 'Extras League',
          names: { 'zh-CN': '测试联赛' },
          source: 'test',
        },
        {
          code: 'extras.b',
          sport: 'basketball',
          kind: 'league',
          region: 'test',
          sourceName: 'Hoops',
          source: 'test',
        },
      ])
      .returning();
    const [season, hoops] = await db
      .insert(seasons)
      .values([
        { competitionId: league!.id, key: '2026', sourceName: '2026' },
        { competitionId: nba!.id, key: '2026', sourceName: '2026' },
      ])
      .returning();
    const [home, away, other, bHome, bAway] = await db
      .insert(teams)
      .values([
        {
          sport: 'football',
          sourceName: 'Harbour City',
          names: { 'zh-CN': '港城' },
          crestColors: ['#000000', '#ffffff'],
        },
        { sport: 'football', sourceName: 'Valley Rovers', crestColors: ['#ffffff', '#000000'] },
        { sport: 'football', sourceName: 'Mountain United', crestColors: ['#112233', '#ffffff'] },
        { sport: 'basketball', sourceName: 'Hoop Kings', crestColors: ['#223344', '#ffffff'] },
        { sport: 'basketball', sourceName: 'Net Queens', crestColors: ['#443322', '#ffffff'] },
      ])
      .returning();
    const football = { seasonId: season!.id, source: 'test', round: '1' };
    const inserted = await db
      .insert(matches)
      .values([
        {
          ...football,
          externalId: 'original',
          homeTeamId: home!.id,
          awayTeamId: away!.id,
          kickoffAt: new Date('2022-12-18T15:00:00Z'),
          status: 'finished',
          homeScore: 3,
          awayScore: 3,
        },
        {
          ...football,
          externalId: 'soon',
          homeTeamId: away!.id,
          awayTeamId: other!.id,
          kickoffAt: new Date(AT.getTime() + 5 * HOUR),
        },
        {
          ...football,
          externalId: 'later',
          homeTeamId: other!.id,
          awayTeamId: home!.id,
          kickoffAt: new Date(AT.getTime() + 5 * DAY),
        },
        {
          ...football,
          externalId: 'finished',
          homeTeamId: other!.id,
          awayTeamId: away!.id,
          kickoffAt: new Date(AT.getTime() - DAY),
          status: 'finished',
          homeScore: 0,
          awayScore: 1,
        },
        {
          seasonId: hoops!.id,
          source: 'simulated',
          round: '1',
          externalId: 'hoops',
          homeTeamId: bHome!.id,
          awayTeamId: bAway!.id,
          kickoffAt: new Date(AT.getTime() - HOUR),
          status: 'live',
          homeScore: 50,
          awayScore: 48,
        },
      ])
      .returning();
    const byKey = new Map(inserted.map((row) => [row.externalId, row.id]));
    ids.original = byKey.get('original')!;
    ids.soon = byKey.get('soon')!;
    ids.later = byKey.get('later')!;
    ids.finished = byKey.get('finished')!;
    ids.basketball = byKey.get('hoops')!;
    const [replay] = await db
      .insert(matches)
      .values({
        ...football,
        source: 'replay',
        externalId: 'replay-1',
        homeTeamId: home!.id,
        awayTeamId: away!.id,
        kickoffAt: new Date(AT.getTime() - 30 * 60_000),
        status: 'live',
        minute: 31,
        homeScore: 1,
        awayScore: 0,
        replayOfMatchId: ids.original,
      })
      .returning();
    ids.live = replay!.id;
  });
  afterAll(() => testDb.close());

  const anchor = () => makeSignedInUser(testDb.db, { isAnchor: true, nickname: '绑定主播' });
  const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

  type Bound = { room_id: number; match_id: number | null; title: string };
  type Bindable = {
    list: {
      id: number;
      sport: string;
      competition: string;
      home: { name: string };
      away: { name: string };
      status: string;
      kind: string;
      replay_of: { fixture: string } | null;
    }[];
  };

  describe('setLiveInfo', () => {
    it('binds the room to a live match, shows it on /score-live’s list, and unbinds it', async () => {
      const { token } = await anchor();
      const bound = await call<Bound>('/api/Live/setLiveInfo', {
        headers: { token },
        json: { match_id: ids.live, title: '一起看决赛重播' },
      });
      expect(bound.body).toMatchObject({ code: 0, data: { match_id: ids.live, title: '一起看决赛重播' } });
      const [room] = await testDb.db
        .select()
        .from(liveRooms)
        .where(eq(liveRooms.id, bound.body.data.room_id));
      expect(room).toMatchObject({ matchId: ids.live, title: '一起看决赛重播' });

      const soon = await call<Bound>('/api/Live/setLiveInfo', {
        headers: { token },
        method: 'POST',
        body: new URLSearchParams({ match_id: String(ids.soon) }),
      });
      expect(soon.body.data).toMatchObject({ match_id: ids.soon, title: '一起看决赛重播' });

      const unbound = await call<Bound>('/api/Live/setLiveInfo', {
        headers: { token },
        json: { match_id: null },
      });
      expect(unbound.body.data.match_id).toBeNull();
      const [after] = await testDb.db
        .select()
        .from(liveRooms)
        .where(eq(liveRooms.id, bound.body.data.room_id));
      expect(after!.matchId).toBeNull();
    });

    it('refuses unknown, finished and other-sport matches, bad ids, viewers and guests, changing nothing', async () => {
      const { token, user } = await anchor();
      await call('/api/Live/setLiveInfo', { headers: { token }, json: { match_id: ids.soon } });

      const unknown = await call('/api/Live/setLiveInfo', {
        headers: en(token),
        json: { match_id: 999_999 },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe("We couldn't find that match");
      const finished = await call('/api/Live/setLiveInfo', {
        headers: en(token),
        json: { match_id: ids.finished },
      });
      expect(finished.status).toBe(400);
      expect(finished.body.msg).toBe('This match is over; pick one that is live or still to come');
      const basketball = await call('/api/Live/setLiveInfo', {
        headers: en(token),
        json: { match_id: ids.basketball },
      });
      expect(basketball.status).toBe(400);
      expect(basketball.body.msg).toMatch(/category/);
      const malformed = await call('/api/Live/setLiveInfo', {
        headers: en(token),
        json: { match_id: 'abc' },
      });
      expect(malformed.status).toBe(400);
      const longTitle = await call('/api/Live/setLiveInfo', {
        headers: en(token),
        json: { match_id: ids.live, title: 'x'.repeat(61) },
      });
      expect(longTitle.status).toBe(400);
      const room = await ensureRoom(testDb.db, user.id);
      expect(room.matchId).toBe(ids.soon);

      // An 18+ or custom room may cover any sport.
      await testDb.db.update(liveRooms).set({ category: 'adult' }).where(eq(liveRooms.id, room.id));
      const anySport = await call<Bound>('/api/Live/setLiveInfo', {
        headers: { token },
        json: { match_id: ids.basketball },
      });
      expect(anySport.body.data.match_id).toBe(ids.basketball);

      const viewer = await makeSignedInUser(testDb.db);
      const notAnchor = await call('/api/Live/setLiveInfo', {
        headers: en(viewer.token),
        json: { match_id: ids.live },
      });
      expect(notAnchor.status).toBe(403);
      expect(notAnchor.body.msg).toBe('Only streamers can use this');
      const guest = await call('/api/Live/setLiveInfo', { headers: en(), json: { match_id: ids.live } });
      expect(guest.body.code).toBe(700);
    });
  });

  describe('bindableMatches', () => {
    it('lists live matches first, then the next 3 days, labelled and searchable', async () => {
      const { token } = await anchor();
      const all = await call<Bindable>('/api/live/bindableMatches', { headers: { token } });
      const listed = all.body.data.list.map((match) => match.id);
      expect(listed).toContain(ids.live);
      expect(listed).toContain(ids.basketball);
      expect(listed.indexOf(ids.soon)).toBeGreaterThan(listed.indexOf(ids.live));
      expect(listed).not.toContain(ids.later);
      expect(listed).not.toContain(ids.finished);
      expect(listed).not.toContain(ids.original);
      const replay = all.body.data.list.find((match) => match.id === ids.live)!;
      expect(replay).toMatchObject({
        kind: 'replay',
        status: 'live',
        competition: '测试联赛',
        home: { name: '港城' },
        replay_of: { fixture: '港城 – Valley Rovers' },
      });
      expect(all.body.data.list.find((match) => match.id === ids.basketball)!.kind).toBe('simulated');

      const football = await call<Bindable>('/api/live/bindableMatches?sport=football', {
        headers: { token },
      });
      expect(football.body.data.list.every((match) => match.sport === 'football')).toBe(true);
      const byTeam = await call<Bindable>(`/api/live/bindableMatches?q=${encodeURIComponent('港城')}`, {
        headers: { token },
      });
      expect(byTeam.body.data.list.map((match) => match.id)).toEqual([ids.live]);
      const byEnglish = await call<Bindable>('/api/live/bindableMatches?q=mountain', { headers: en(token) });
      expect(byEnglish.body.data.list.map((match) => match.id)).toEqual([ids.soon]);
      expect(byEnglish.body.data.list[0]!.home.name).toBe('Valley Rovers');
      const byCompetition = await call<Bindable>('/api/live/bindableMatches?q=hoops', { headers: { token } });
      expect(byCompetition.body.data.list.map((match) => match.id)).toEqual([ids.basketball]);
      const wildcard = await call<Bindable>('/api/live/bindableMatches?q=%25', { headers: { token } });
      expect(wildcard.body.data.list).toEqual([]);
    });

    it('refuses a bad sport, viewers and guests', async () => {
      const { token } = await anchor();
      const bad = await call('/api/live/bindableMatches?sport=golf', { headers: en(token) });
      expect(bad.status).toBe(400);
      const viewer = await makeSignedInUser(testDb.db);
      expect((await call('/api/live/bindableMatches', { headers: en(viewer.token) })).status).toBe(403);
      expect((await call('/api/live/bindableMatches', { headers: en() })).body.code).toBe(700);
    });
  });

  describe('recommendVideos', () => {
    type Listed = {
      list: { broadcast_id: number; room_id: number; own_room: boolean; href: string; title: string }[];
    };

    it('ranks replays of the room and of same-category rooms, leaving out the one on stage', async () => {
      const db = testDb.db;
      const roomOf = async (nickname: string, category: 'football' | 'basketball' = 'football') => {
        const user = await makeUser(db, { isAnchor: true, nickname });
        const room = await ensureRoom(db, user.id);
        await db.update(liveRooms).set({ category }).where(eq(liveRooms.id, room.id));
        return room.id;
      };
      const mine = await roomOf('本间主播');
      const neighbour = await roomOf('邻居主播');
      const busy = await roomOf('热门主播');
      const hoops = await roomOf('篮球主播', 'basketball');
      const replay = (
        roomId: number,
        title: string,
        daysAgo: number,
        peak: number,
        path: string | null = 'x',
      ) =>
        db
          .insert(broadcasts)
          .values({
            roomId,
            title,
            category: 'football',
            startedAt: new Date(AT.getTime() - daysAgo * DAY - 2 * HOUR),
            endedAt: new Date(AT.getTime() - daysAgo * DAY),
            replayPath: path ? `${roomId}/${title}/vod/index.m3u8` : null,
            peakViewers: peak,
          })
          .returning()
          .then(([row]) => row!.id);
      const ownOld = await replay(mine, 'own-old', 3, 10);
      const ownLatest = await replay(mine, 'own-latest', 1, 5);
      const neighbourBig = await replay(neighbour, 'neighbour-big', 1, 5000);
      await replay(neighbour, 'neighbour-ancient', 200, 5000);
      await replay(neighbour, 'no-recording', 0, 9000, null);
      const busyIds = [
        await replay(busy, 'busy-1', 1, 800),
        await replay(busy, 'busy-2', 1, 700),
        await replay(busy, 'busy-3', 1, 600),
      ];
      await replay(hoops, 'hoops', 1, 9000);

      const reply = await call<Listed>(`/api/live/recommendVideos?room_id=${mine}&limit=10`);
      expect(reply.body).toMatchObject({ code: 0 });
      const list = reply.body.data.list;
      const listed = list.map((item) => item.broadcast_id);
      expect(listed[0]).toBe(neighbourBig);
      expect(listed).toContain(ownOld);
      expect(listed).not.toContain(ownLatest);
      expect(list.map((item) => item.title)).not.toContain('no-recording');
      expect(list.map((item) => item.title)).not.toContain('hoops');
      expect(busyIds.filter((id) => listed.includes(id))).toHaveLength(2);
      expect(listed.indexOf(busyIds[0]!)).toBeLessThan(listed.indexOf(busyIds[1]!));
      expect(list.at(-1)!.title).toBe('neighbour-ancient');
      expect(list.find((item) => item.broadcast_id === ownOld)).toMatchObject({
        own_room: true,
        href: `/live?id=${mine}&replay=${ownOld}`,
      });

      const excluding = await call<Listed>(
        `/api/live/recommendVideos?room_id=${mine}&exclude=${neighbourBig}`,
      );
      expect(excluding.body.data.list.map((item) => item.broadcast_id)).not.toContain(neighbourBig);
      const limited = await call<Listed>(`/api/live/recommendVideos?room_id=${mine}&limit=2`);
      expect(limited.body.data.list).toHaveLength(2);
      const empty = await call<Listed>(`/api/live/recommendVideos?room_id=${hoops}`);
      expect(empty.body.data.list).toEqual([]);
    });

    it('answers an unknown room with 404 and bad input with 400', async () => {
      const unknown = await call('/api/live/recommendVideos?room_id=999999', { headers: en() });
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe("That live room doesn't exist");
      expect((await call('/api/live/recommendVideos?room_id=abc', { headers: en() })).status).toBe(400);
      expect((await call('/api/live/recommendVideos?room_id=1&limit=99', { headers: en() })).status).toBe(
        400,
      );
    });
  });
});
