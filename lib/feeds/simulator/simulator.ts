// Basketball and e-sports where no open data exists: fictional leagues and teams (never real clubs'
// names), every row marked simulated. Each game is drawn once from a generator seeded by its slot, then
// revealed as the clock runs, so every process and every tick agree.
//
// Basketball model: four 12-minute quarters (breaks 2, 15, 2 minutes), five-minute overtimes while
// level. Each minute each team makes Poisson(0.95) scoring plays worth 2 (70 %), 3 (22 %) or 1 (8 %)
// point(s); a run (12 % chance a minute, 2–4 minutes) multiplies one side's rate by 1.6 and the
// other's by 0.6 — the swings of a real game.
// Football model (the demo's fictional league, issue 43: real football is replayed, and a replay's result
// is known, so experts could not publish on it): home goals Poisson(1.45), away Poisson(1.15), minutes
// uniform in 1–90; the match is then played by the replay feed's clock and generated facts (halves,
// added time, corners, cards, statistics, odds), every fact marked generated.
// E-sports model: best of three maps of 30–40 minutes with 5-minute breaks; each team gets Poisson(18)
// kills and Poisson(3) objectives a map, the side with more kills takes the map.
import {
  clampToEnd,
  FIXTURES_AHEAD_DAYS,
  FIXTURES_AHEAD_EVERY_MINUTES,
  matchMinutesSince,
  poisson,
  programmeSlots,
  seededRandom,
  slotsAhead,
  speedOf,
} from '@/lib/feeds/clock';
import type { FeedBatch, MatchEventInfo, MatchInfo } from '@/lib/feeds/provider';
import { type RecordedMatch, replayAt, replayLength } from '@/lib/feeds/replay/replay';
import type { MatchPeriod } from '@/lib/scores/schema';

export const SIMULATED_SOURCE = 'simulated';
/** Upper bound of a game with breaks (four overtimes in basketball, three long maps in e-sports). */
const LONGEST_GAME_MINUTES = 140;

export const SIMULATED_LEAGUES = {
  football: {
    code: 'sim.football',
    sourceName: 'Simulated Football League',
    names: {
      'zh-CN': '模拟足球联赛',
      'zh-TW': '模擬足球聯賽',
      en: 'Simulated Football League',
      vi: 'Giải bóng đá mô phỏng',
    },
    teams: [
      'Ashgrove Athletic',
      'Brackenford Rovers',
      'Cinderhill United',
      'Dunmere Harriers',
      'Elderbrook Wanderers',
      'Fernhollow City',
      'Glenmarsh Albion',
      'Holloway Vale',
    ],
  },
  basketball: {
    code: 'sim.basketball',
    sourceName: 'Simulated Basketball League',
    names: {
      'zh-CN': '模拟篮球联赛',
      'zh-TW': '模擬籃球聯賽',
      en: 'Simulated Basketball League',
      vi: 'Giải bóng rổ mô phỏng',
    },
    teams: [
      'Harborview Herons',
      'Redstone Rams',
      'Lakeside Lynx',
      'Copper Valley Comets',
      'Northwind Navigators',
      'Pinecrest Pumas',
      'Saltmarsh Sharks',
      'Thunder Ridge Titans',
    ],
  },
  esports: {
    code: 'sim.esports',
    sourceName: 'Simulated Esports Cup',
    names: {
      'zh-CN': '模拟电竞杯',
      'zh-TW': '模擬電競盃',
      en: 'Simulated Esports Cup',
      vi: 'Cúp thể thao điện tử mô phỏng',
    },
    teams: ['Neon Foxes', 'Quantum Owls', 'Pixel Raiders', 'Static Wolves', 'Echo Drakes', 'Binary Hawks'],
  },
} as const;

export type SimulatedSport = keyof typeof SIMULATED_LEAGUES;

/**
 * The fictional clubs' Chinese names, as Chinese sports media write such clubs: football's transliterated
 * (阿什格罗夫竞技, like 博尔顿流浪者), basketball's city and nickname translated (港景苍鹭, like 金州勇士).
 * Vietnamese media keep club names in English, as do Chinese and Vietnamese e-sports: those fall back to
 * the source name.
 */
const TEAM_NAMES: Record<string, [zhCN: string, zhTW: string]> = {
  'Ashgrove Athletic': ['阿什格罗夫竞技', '阿什格羅夫競技'],
  'Brackenford Rovers': ['布拉肯福德流浪者', '布拉肯福德流浪者'],
  'Cinderhill United': ['辛德希尔联', '辛德希爾聯'],
  'Dunmere Harriers': ['邓米尔猎犬', '鄧米爾獵犬'],
  'Elderbrook Wanderers': ['埃尔德布鲁克流浪者', '埃爾德布魯克流浪者'],
  'Fernhollow City': ['芬霍洛城', '芬霍洛城'],
  'Glenmarsh Albion': ['格伦马什阿尔比恩', '格倫馬什阿爾比恩'],
  'Holloway Vale': ['霍洛韦谷', '霍洛韋谷'],
  'Harborview Herons': ['港景苍鹭', '港景蒼鷺'],
  'Redstone Rams': ['红石公羊', '紅石公羊'],
  'Lakeside Lynx': ['湖畔山猫', '湖畔山貓'],
  'Copper Valley Comets': ['铜谷彗星', '銅谷彗星'],
  'Northwind Navigators': ['北风领航者', '北風領航者'],
  'Pinecrest Pumas': ['松冠美洲狮', '松冠美洲獅'],
  'Saltmarsh Sharks': ['盐沼鲨鱼', '鹽沼鯊魚'],
  'Thunder Ridge Titans': ['雷岭泰坦', '雷嶺泰坦'],
};

const teamNames = (sourceName: string) => {
  const [zhCN, zhTW] = TEAM_NAMES[sourceName] ?? [];
  return zhCN && zhTW ? { 'zh-CN': zhCN, 'zh-TW': zhTW, en: sourceName } : {};
};

/** The fictional football match a key draws, as a record the replay feed's clock can play. */
const footballDrawn = new Map<string, RecordedMatch>();
function drawFootball(externalId: string, kickoffAt: Date, home: string, away: string): RecordedMatch {
  const known = footballDrawn.get(externalId);
  if (known) return known;
  const random = seededRandom(externalId);
  const goals: RecordedMatch['goals'] = [];
  for (const [side, mean] of [
    ['home', 1.45],
    ['away', 1.15],
  ] as const)
    for (let count = poisson(random, mean); count > 0; count -= 1)
      goals.push({
        minute: 1 + Math.floor(random() * 90),
        offset: null,
        side,
        kind: 'goal',
        playerName: null,
      });
  goals.sort((a, b) => a.minute - b.minute);
  const sum = (side: 'home' | 'away', upTo: number) =>
    goals.filter((goal) => goal.side === side && goal.minute <= upTo).length;
  const record: RecordedMatch = {
    source: SIMULATED_SOURCE,
    externalId,
    competitionCode: SIMULATED_LEAGUES.football.code,
    seasonKey: String(kickoffAt.getUTCFullYear()),
    round: 'Regular season',
    group: null,
    homeTeam: home,
    awayTeam: away,
    ground: null,
    playedOn: kickoffAt.toISOString().slice(0, 10),
    fullTime: [sum('home', 90), sum('away', 90)],
    halfTime: [sum('home', 45), sum('away', 45)],
    extraTime: null,
    penalties: null,
    goals,
  };
  if (footballDrawn.size >= DRAWN_KEPT) footballDrawn.delete(footballDrawn.keys().next().value!);
  footballDrawn.set(externalId, record);
  return record;
}

function simulatedFootballAt(
  home: string,
  away: string,
  kickoffAt: Date,
  now: Date,
  speed: number,
): MatchInfo {
  const externalId = `football/${kickoffAt.toISOString()}/${home}/${away}`;
  const { replayOf: _replayOf, ...played } = replayAt(
    drawFootball(externalId, kickoffAt, home, away),
    kickoffAt,
    now,
    speed,
  );
  return {
    ...played,
    source: SIMULATED_SOURCE,
    externalId,
    events: (played.events ?? []).map((event) => ({ ...event, generated: true })),
  };
}

type Scoring = {
  at: number;
  minute: number;
  side: 'home' | 'away';
  points: number;
  period: number;
  kind: MatchEventInfo['kind'];
};
type Segment = { period: MatchPeriod; at: number; length: number; startMinute: number };
type Game = { segments: Segment[]; plays: Scoring[]; end: number; mapWinners?: ('home' | 'away')[] };

function drawBasketball(random: () => number): Game {
  const segments: Segment[] = [];
  const plays: Scoring[] = [];
  const breaks = [2, 15, 2];
  let at = 0;
  let run: { side: 'home' | 'away'; left: number } | null = null;
  const score = { home: 0, away: 0 };
  const playPeriod = (period: MatchPeriod, index: number, length: number, startMinute: number) => {
    segments.push({ period, at, length, startMinute });
    for (let minute = 0; minute < length; minute += 1) {
      if (!run && random() < 0.12)
        run = { side: random() < 0.5 ? 'home' : 'away', left: 2 + Math.floor(random() * 3) };
      for (const side of ['home', 'away'] as const) {
        const factor = run ? (run.side === side ? 1.6 : 0.6) : 1;
        for (let count = poisson(random, 0.95 * factor); count > 0; count -= 1) {
          const roll = random();
          const points = roll < 0.7 ? 2 : roll < 0.92 ? 3 : 1;
          score[side] += points;
          plays.push({
            at: at + minute + random(),
            minute: startMinute + minute,
            side,
            points,
            period: index,
            kind: 'score',
          });
        }
      }
      if (run) {
        run.left -= 1;
        if (run.left <= 0) run = null;
      }
    }
    at += length;
  };
  const quarters: MatchPeriod[] = ['q1', 'q2', 'q3', 'q4'];
  quarters.forEach((period, index) => {
    playPeriod(period, index, 12, index * 12);
    if (index < 3) at += breaks[index]!;
  });
  for (let overtime = 0; score.home === score.away; overtime += 1) {
    at += 2;
    if (overtime === 4) {
      // A game cannot end level: the last overtime's final free throw decides it.
      const side = random() < 0.5 ? 'home' : 'away';
      score[side] += 1;
      plays.push({
        at: at - 2,
        minute: 48 + overtime * 5,
        side,
        points: 1,
        period: 4 + overtime - 1,
        kind: 'score',
      });
      break;
    }
    playPeriod('overtime', 4 + overtime, 5, 48 + overtime * 5);
  }
  return { segments, plays, end: at };
}

function drawEsports(random: () => number): Game {
  const segments: Segment[] = [];
  const plays: Scoring[] = [];
  const mapWinners: ('home' | 'away')[] = [];
  let at = 0;
  for (let map = 0; map < 3; map += 1) {
    const length = 30 + Math.floor(random() * 11);
    segments.push({ period: 'map', at, length, startMinute: 0 });
    const kills = { home: poisson(random, 18), away: poisson(random, 18) };
    for (const side of ['home', 'away'] as const) {
      for (let index = 0; index < kills[side]; index += 1) {
        const offset = random() * length;
        plays.push({
          at: at + offset,
          minute: Math.floor(offset),
          side,
          points: 1,
          period: map,
          kind: 'kill',
        });
      }
      for (let index = poisson(random, 3); index > 0; index -= 1) {
        const offset = random() * length;
        plays.push({
          at: at + offset,
          minute: Math.floor(offset),
          side,
          points: 0,
          period: map,
          kind: 'objective',
        });
      }
    }
    mapWinners.push(
      kills.home > kills.away ? 'home' : kills.away > kills.home ? 'away' : random() < 0.5 ? 'home' : 'away',
    );
    at += length;
    const won = (side: 'home' | 'away') => mapWinners.filter((winner) => winner === side).length;
    if (won('home') === 2 || won('away') === 2) break;
    at += 5;
  }
  plays.sort((a, b) => a.at - b.at);
  return { segments, plays, end: at, mapWinners };
}

/** Games drawn lately, by seed: every tick reveals the same few dozen games a little further. */
const drawn = new Map<string, Game>();
const DRAWN_KEPT = 1000;

/** The game a seed draws (the same every time; kept, as drawing one costs thousands of random numbers). */
function drawGame(sport: SimulatedSport, seed: string): Game {
  const key = `${sport}|${seed}`;
  const known = drawn.get(key);
  if (known) {
    // Least recently used goes first: the games of the programme stay while finished ones leave.
    drawn.delete(key);
    drawn.set(key, known);
    return known;
  }
  const random = seededRandom(seed);
  const game = sport === 'esports' ? drawEsports(random) : drawBasketball(random);
  if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, game);
  return game;
}

/** Length of a game in match minutes, breaks included. */
export function simulatedLength(sport: SimulatedSport, seed: string) {
  if (sport === 'football') {
    const key = simulatedKey(seed);
    if (!key) return 0;
    return replayLength(drawFootball(seed, key.kickoffAt, key.home, key.away));
  }
  return drawGame(sport, seed).end;
}

/** Where a simulated game's key comes from: `<sport>/<kick-off ISO>/<home>/<away>`. */
export function simulatedKey(externalId: string) {
  const match = /^(football|basketball|esports)\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(externalId);
  if (!match) return null;
  const kickoffAt = new Date(match[2]!);
  if (Number.isNaN(kickoffAt.getTime())) return null;
  return { sport: match[1] as SimulatedSport, kickoffAt, home: match[3]!, away: match[4]! };
}

/** The clock speed a stored simulated game was played at, read back from its kick-off and expected end. */
export function simulatedSpeed(externalId: string, kickoffAt: Date, expectedEndAt: Date) {
  const key = simulatedKey(externalId);
  if (!key) return null;
  return speedOf(simulatedLength(key.sport, externalId), kickoffAt, expectedEndAt);
}

/** A simulated game between `home` and `away` kicking off at `kickoffAt`, as it stands at `now`. */
export function simulatedAt(
  sport: SimulatedSport,
  home: string,
  away: string,
  kickoffAt: Date,
  now: Date,
  speed: number,
): MatchInfo {
  if (sport === 'football') return simulatedFootballAt(home, away, kickoffAt, now, speed);
  const league = SIMULATED_LEAGUES[sport];
  const externalId = `${sport}/${kickoffAt.toISOString()}/${home}/${away}`;
  const game = drawGame(sport, externalId);
  const expectedEndAt = new Date(kickoffAt.getTime() + Math.ceil((game.end / speed) * 60_000));
  const elapsed = clampToEnd(matchMinutesSince(kickoffAt, now, speed), game.end, now, expectedEndAt);
  const base = {
    source: SIMULATED_SOURCE,
    externalId,
    competitionCode: league.code,
    seasonKey: String(kickoffAt.getUTCFullYear()),
    round: sport === 'esports' ? 'Group stage' : 'Regular season',
    homeTeam: home,
    awayTeam: away,
    kickoffAt,
    // Rounded up to the millisecond: at `expectedEndAt` itself the game is over at any speed.
    expectedEndAt,
  };
  if (elapsed < 0) return { ...base, status: 'not_started', period: 'not_started', score: null, events: [] };
  const finished = elapsed >= game.end;
  const seen = game.plays.filter((play) => finished || play.at <= elapsed);
  let segment = game.segments[0]!;
  for (const candidate of game.segments) if (elapsed >= candidate.at) segment = candidate;
  const inBreak = !finished && elapsed >= segment.at + segment.length;
  const periodCount = game.segments.length;
  const periods: [number, number][] = Array.from({ length: periodCount }, (_, index) => {
    const inPeriod = seen.filter((play) => play.period === index && play.kind !== 'objective');
    const sum = (side: 'home' | 'away') =>
      inPeriod.filter((play) => play.side === side).reduce((total, play) => total + play.points, 0);
    return [sum('home'), sum('away')];
  });
  let fullTime: [number, number];
  if (sport === 'basketball') {
    fullTime = [
      periods.reduce((total, period) => total + period[0], 0),
      periods.reduce((total, period) => total + period[1], 0),
    ];
  } else {
    const mapsOver = game.segments.filter(
      (candidate) => finished || elapsed >= candidate.at + candidate.length,
    ).length;
    const winners = game.mapWinners!.slice(0, mapsOver);
    fullTime = [
      winners.filter((winner) => winner === 'home').length,
      winners.filter((winner) => winner === 'away').length,
    ];
  }
  const minute = Math.min(segment.length, Math.floor(elapsed - segment.at)) + segment.startMinute;
  return {
    ...base,
    status: finished ? 'finished' : 'live',
    period: finished ? 'finished' : segment.period,
    minute: finished || inBreak ? null : minute,
    score: {
      fullTime,
      periods: periods.slice(0, game.segments.filter((candidate) => elapsed >= candidate.at).length),
    },
    events: seen.map((play) => ({
      kind: play.kind,
      minute: play.minute,
      side: play.side,
      points: play.kind === 'objective' ? null : play.points,
      generated: true,
    })),
  };
}

/** Reference rows of the fictional leagues: the competition, this year's season and the teams. */
export function simulatedLeagueBatch(sport: SimulatedSport, year: number): FeedBatch {
  const league = SIMULATED_LEAGUES[sport];
  return {
    competitions: [
      {
        code: league.code,
        source: SIMULATED_SOURCE,
        sport,
        kind: 'league',
        region: 'world',
        sourceName: league.sourceName,
        names: league.names,
      },
    ],
    seasons: [
      { competitionCode: league.code, key: String(year), sourceName: `${league.sourceName} ${year}` },
    ],
    teams: league.teams.map((sourceName) => ({
      sport,
      sourceName,
      names: teamNames(sourceName),
      simulated: true,
    })),
    seasonTeams: league.teams.map((team) => ({
      competitionCode: league.code,
      seasonKey: String(year),
      team,
    })),
  };
}

/** Today's simulated games: one every `spacing` real minutes, pairs drawn from the day and slot. */
export function simulatedSchedule(sport: SimulatedSport, now: Date, speed: number, lookaheadMinutes = 120) {
  const spacing = Math.max(5, 150 / speed);
  const longest = LONGEST_GAME_MINUTES / speed;
  return programmeSlots(now, spacing, longest, lookaheadMinutes).map(({ kickoffAt }) =>
    pairingAt(sport, kickoffAt),
  );
}

function pairingAt(sport: SimulatedSport, kickoffAt: Date) {
  const teams = SIMULATED_LEAGUES[sport].teams;
  const random = seededRandom(`${sport}:${kickoffAt.toISOString()}`);
  const home = Math.floor(random() * teams.length);
  const away = (home + 1 + Math.floor(random() * (teams.length - 1))) % teams.length;
  return { home: teams[home]!, away: teams[away]!, kickoffAt };
}

/** Simulated games announced beyond the lookahead, up to FIXTURES_AHEAD_DAYS (see replayFixturesAhead). */
export function simulatedFixturesAhead(
  sport: SimulatedSport,
  now: Date,
  speed: number,
  lookaheadMinutes = 120,
) {
  return slotsAhead(
    now,
    Math.max(5, 150 / speed),
    lookaheadMinutes,
    FIXTURES_AHEAD_DAYS * 1440,
    FIXTURES_AHEAD_EVERY_MINUTES,
  ).map(({ kickoffAt }) => pairingAt(sport, kickoffAt));
}
