// The live-scores routes on real imported data plus one feeds tick (replays and simulations).

import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { importOpenfootball } from '@/lib/feeds/openfootball/import';
import { createFeedsTicker } from '@/lib/jobs/feeds';
import type { ServerMessage } from '@/lib/realtime/events';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { IMPORTED_AT } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import type { Board } from './board-schema';
import { dayStart } from './live-service';
import { matches } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
const pushes: ServerMessage[] = [];
/** Early on a day: the first replay and the first basketball game (00:00 UTC) are under way. */
const NOW = new Date('2026-11-22T00:40:00Z');

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
  const dir = path.resolve(process.cwd(), '../shared/data/openfootball');
  await importOpenfootball(testDb.db, path.join(dir, '2024-25/en.1.json'), IMPORTED_AT);
  await importOpenfootball(testDb.db, path.join(dir, 'worldcup-2022'), IMPORTED_AT);
  const tick = createFeedsTicker({ speed: 1, publish: (_target, message) => pushes.push(message) });
  await tick(testDb.db, NOW);
}, 120_000);
afterAll(() => testDb.close());

const board = (input: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<Board>('/api/hot_match/all_match', { json: input, headers });

describe('POST api/hot_match/all_match', () => {
  it('lists a real Premier League day with scores, half-time scores and filters from the data', async () => {
    const { status, body } = await board({
      sport: 'football',
      tab: 'results',
      day: '2025-01-04',
      time_zone: 'Europe/London',
    });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.rows).toHaveLength(7);
    const city = body.data.rows.find((row) => row.home.name === '曼城')!;
    expect(city).toMatchObject({
      away: { name: '西汉姆联' },
      score: [4, 1],
      halfTime: [2, 0],
      status: 'finished',
      competitionName: '英超',
      source: 'openfootball',
      replayOfDate: null,
      simulated: false,
      favourite: false,
      // The record has no cards, corners or odds: nothing is shown rather than zeros.
      cards: null,
      corners: null,
      odds: null,
    });
    expect(body.data.competitions).toEqual([{ code: 'en.1', name: '英超', count: 7 }]);
    expect(body.data.regions).toEqual([{ code: 'gb-eng', name: '英格兰', count: 7 }]);
  });

  it('cuts days at the reader’s midnight', async () => {
    // 01:30 in Shanghai on the 5th: Brighton v Arsenal moves to the next day.
    const shanghai = await board({ tab: 'results', day: '2025-01-04', time_zone: 'Asia/Shanghai' });
    expect(shanghai.body.data.rows).toHaveLength(6);
    expect(dayStart('2025-07-01', 'Europe/London').toISOString()).toBe('2025-06-30T23:00:00.000Z');
  });

  it('filters by competition and region, keeping the choices', async () => {
    const { body } = await board(
      { tab: 'results', day: '2025-01-04', time_zone: 'UTC', region: 'de' },
      { lang: 'en' },
    );
    expect(body.data.rows).toEqual([]);
    expect(body.data.regions).toEqual([{ code: 'gb-eng', name: 'England', count: 7 }]);
  });

  it('shows replays live, labelled with the original date, with generated cards and odds', async () => {
    const { body } = await board({ tab: 'live' });
    const replay = body.data.rows.find((row) => row.source === 'replay')!;
    expect(replay.status).toBe('live');
    expect(replay.competitionCode).toBe('worldcup');
    expect(replay.replayOfDate).toMatch(/^2022-1[12]-\d\d$/);
    expect(replay.odds?.generated).toBe(true);
    expect(replay.cards?.generated).toBe(true);
    expect(replay).toMatchObject({ period: 'first_half', minute: 41 });
    expect(body.data.liveCount).toBe(body.data.rows.length);
    // A live tab filtered to nothing still counts what is under way.
    const filtered = await board({ tab: 'live', region: 'de' });
    expect(filtered.body.data).toMatchObject({ rows: [], liveCount: body.data.rows.length });
  });

  it('shows simulated basketball and e-sports marked simulated', async () => {
    const basketball = await board({ sport: 'basketball', tab: 'live' });
    expect(basketball.body.data.rows.length).toBeGreaterThan(0);
    expect(basketball.body.data.rows.every((row) => row.simulated && row.sport === 'basketball')).toBe(true);
    const schedule = await board({
      sport: 'esports',
      tab: 'schedule',
      day: '2026-11-22',
      time_zone: 'UTC',
    });
    expect(schedule.body.data.rows.every((row) => row.simulated && row.sport === 'esports')).toBe(true);
  });

  it('cuts days in the viewer’s zone cookie without time_zone, else in the portal’s zone', async () => {
    expect((await board({ tab: 'results', day: '2025-01-04' })).body.data.timeZone).toBe('Asia/Shanghai');
    const cookie = { cookie: 'tz=America%2FNew_York' };
    expect((await board({ tab: 'results', day: '2025-01-04' }, cookie)).body.data.timeZone).toBe(
      'America/New_York',
    );
    const broken = { cookie: 'tz=Mars%2FOlympus' };
    expect((await board({ tab: 'results', day: '2025-01-04' }, broken)).body.data.timeZone).toBe(
      'Asia/Shanghai',
    );
  });

  it('cuts days in the zone a signed-in viewer chose, before the cookie; a bad zone changes nothing', async () => {
    const { user, token } = await makeSignedInUser(testDb.db, { timeZone: 'Asia/Shanghai' });
    const london = { cookie: 'tz=Europe%2FLondon' };
    const results = (headers: Record<string, string>) =>
      call<Board>('/api/hot_match/all_match', {
        json: { tab: 'results', day: '2025-01-04' },
        headers: { token, ...headers },
      });
    // 01:30 on the 5th in Shanghai: Brighton v Arsenal is not on the chosen zone's 4th, as it is in London.
    const chosen = await results(london);
    expect(chosen.body.data.timeZone).toBe('Asia/Shanghai');
    expect(chosen.body.data.rows).toHaveLength(6);
    expect((await board({ tab: 'results', day: '2025-01-04' }, london)).body.data.rows).toHaveLength(7);

    const refused = await call('/api/member/timeZone', {
      json: { time_zone: 'Mars/Olympus' },
      headers: { token, lang: 'en' },
    });
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.msg).toBe('That time zone isn’t one we know. Choose one from the list.');
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.timeZone).toBe('Asia/Shanghai');
    const after = await results(london);
    expect(after.body.data.timeZone).toBe('Asia/Shanghai');
    expect(after.body.data.rows.map((match) => match.id)).toEqual(
      chosen.body.data.rows.map((match) => match.id),
    );

    const badBoard = await call('/api/hot_match/all_match', {
      json: { tab: 'results', time_zone: 'Mars/Olympus' },
      headers: { token, lang: 'en' },
    });
    expect(badBoard.status).toBe(400);
    expect(badBoard.body.msg).toBe("Time zone isn't valid");
  });

  it('refuses an unknown tab, a malformed day or an unknown time zone', async () => {
    for (const input of [
      { tab: 'soon' },
      { day: '2025-13' },
      { time_zone: 'Mars/Olympus' },
      { sport: 'golf' },
    ]) {
      const { status, body } = await board(input);
      expect(status).toBe(400);
      expect(body.code).toBe(1);
    }
  });
});

describe('POST api/hot_match/matchBrief', () => {
  it('gives the real goals of a match with their scorers', async () => {
    const final = await board({ tab: 'results', day: '2022-12-18', time_zone: 'UTC' });
    const id = final.body.data.rows.find((row) => row.home.name === '阿根廷')!.id;
    const { body } = await call<{ events: { kind: string; playerName: string | null }[] }>(
      '/api/hot_match/matchBrief',
      { json: { match_id: id } },
    );
    expect(body.code).toBe(0);
    expect(body.data.events.filter((event) => event.playerName === 'Lionel Messi').length).toBeGreaterThan(0);
  });

  it('answers an unknown match with a not-found', async () => {
    const { status, body } = await call('/api/hot_match/matchBrief', { json: { match_id: 999_999 } });
    expect(status).toBe(404);
    expect(body.code).toBe(1);
  });
});

describe('favourites: api/Footballuser/collect and api/Basketballuser/collect', () => {
  const firstRow = async (input: Record<string, unknown>) => (await board(input)).body.data.rows[0]!;

  it('stars and unstars a match for the signed-in user, listed under favourites', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const match = await firstRow({ tab: 'results', day: '2025-01-04', time_zone: 'UTC' });
    const starred = await call<{ collected: boolean }>('/api/Footballuser/collect', {
      json: { match_id: match.id },
      headers: { token },
    });
    expect(starred.body).toMatchObject({ code: 0, data: { match_id: match.id, collected: true } });
    const favourites = await board({ tab: 'favourites' }, { token });
    expect(favourites.body.data.rows.map((row) => [row.id, row.favourite])).toEqual([[match.id, true]]);
    // Another user sees none of it.
    const other = await makeSignedInUser(testDb.db);
    expect((await board({ tab: 'favourites' }, { token: other.token })).body.data.rows).toEqual([]);
    const unstarred = await call<{ collected: boolean }>('/api/footballuser/COLLECT', {
      json: { match_id: match.id },
      headers: { token },
    });
    expect(unstarred.body.data.collected).toBe(false);
    expect((await board({ tab: 'favourites' }, { token })).body.data.rows).toEqual([]);
  });

  it('stars a simulated basketball game through the basketball route only', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const game = await firstRow({ sport: 'basketball', tab: 'live' });
    const ok = await call<{ collected: boolean }>('/api/Basketballuser/collect', {
      json: { match_id: game.id },
      headers: { token },
    });
    expect(ok.body.data.collected).toBe(true);
    const football = await firstRow({ tab: 'results', day: '2025-01-04', time_zone: 'UTC' });
    const wrong = await call('/api/Basketballuser/collect', {
      json: { match_id: football.id },
      headers: { token },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('这场比赛不属于该项目，请在对应的比分页收藏');
  });

  it('asks a guest to log in (700), and refuses an unknown or malformed match', async () => {
    const guest = await call('/api/Basketballuser/collect', { json: { match_id: 1 } });
    expect(guest.body.code).toBe(700);
    const favourites = await board({ tab: 'favourites' });
    expect(favourites.body.data).toMatchObject({ signInNeeded: true, rows: [] });
    const { token } = await makeSignedInUser(testDb.db);
    const unknown = await call('/api/Footballuser/collect', {
      json: { match_id: 999_999 },
      headers: { token },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(1);
    const malformed = await call('/api/Footballuser/collect', {
      json: { match_id: 'abc' },
      headers: { token },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe(1);
  });
});

describe('an empty live tab', () => {
  it('names the next kick-off of the sport', async () => {
    const live = (await board({ sport: 'esports', tab: 'live' })).body.data.rows;
    // Before the feed's next e-sports slot (02:30 UTC), so the moved games are the next kick-off.
    const later = new Date(NOW.getTime() + 30 * 60_000);
    for (const row of live)
      await testDb.db
        .update(matches)
        .set({ status: 'not_started', kickoffAt: later })
        .where(eq(matches.id, row.id));
    const { body } = await board({ sport: 'esports', tab: 'live', time_zone: 'UTC' });
    expect(body.data).toMatchObject({ rows: [], liveCount: 0 });
    expect(body.data.next).toMatchObject({
      kickoffAt: later.toISOString(),
      day: later.toISOString().slice(0, 10),
    });
  });
});

describe('pushes of the feeds tick', () => {
  it('carry match ids the board can patch', async () => {
    const football = pushes.find((push) => 'code' in push && push.code === 100 && push.type === 'football');
    expect(football).toBeDefined();
  });
});
