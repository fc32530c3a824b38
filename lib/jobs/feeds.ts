// The live feeds job: each tick plays today's replays and simulated games up to "now", stores them
// through the scores service, and pushes what changed (code 100) and every new goal (`goal`).
import { aliasedTable, and, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { OPENFOOTBALL_SOURCE } from '@/lib/feeds/openfootball/parse';
import type { FeedBatch, MatchInfo } from '@/lib/feeds/provider';
import {
  isReplayable,
  REPLAY_SOURCE,
  type RecordedMatch,
  replayAt,
  replaySchedule,
} from '@/lib/feeds/replay/replay';
import {
  SIMULATED_SOURCE,
  type SimulatedSport,
  simulatedAt,
  simulatedLeagueBatch,
  simulatedSchedule,
} from '@/lib/feeds/simulator/simulator';
import { onMatchFinished } from '@/lib/news/reports';
import { matchUpdatesSchema, type ServerMessage } from '@/lib/realtime/events';
import { type PushTarget, publish } from '@/lib/realtime/gateway';
import { storeFeedBatch } from '@/lib/scores/ingest';
import { competitions, matchEvents, matches, seasons, teams } from '@/lib/scores/schema';

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');

/** Imported matches the replay feed can play: finished, with goals that add up to the result. */
export async function loadRecordedMatches(db: Db): Promise<RecordedMatch[]> {
  const rows = await db
    .select({
      match: matches,
      competitionCode: competitions.code,
      seasonKey: seasons.key,
      homeTeam: home.sourceName,
      awayTeam: away.sourceName,
    })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(
      and(
        eq(matches.source, OPENFOOTBALL_SOURCE),
        eq(matches.status, 'finished'),
        isNull(matches.statusNote),
      ),
    );
  const ids = rows.map((row) => row.match.id);
  const events = ids.length
    ? await db
        .select()
        .from(matchEvents)
        .where(and(inArray(matchEvents.matchId, ids), eq(matchEvents.generated, false)))
        .orderBy(matchEvents.matchId, matchEvents.sequence)
    : [];
  const byMatch = new Map<number, typeof events>();
  for (const event of events) byMatch.set(event.matchId, [...(byMatch.get(event.matchId) ?? []), event]);
  const pair = (a: number | null, b: number | null): [number, number] | null =>
    a === null || b === null ? null : [a, b];
  // Seasons whose files list scorers: their matches without goals are real 0-0s, not missing data.
  const withScorers = new Set(
    rows.filter((row) => byMatch.has(row.match.id)).map((row) => row.match.seasonId),
  );
  return rows
    .filter((row) => withScorers.has(row.match.seasonId))
    .map(
      (row): RecordedMatch => ({
        source: row.match.source,
        externalId: row.match.externalId,
        competitionCode: row.competitionCode,
        seasonKey: row.seasonKey,
        round: row.match.round,
        group: row.match.groupName,
        homeTeam: row.homeTeam,
        awayTeam: row.awayTeam,
        ground: row.match.ground,
        playedOn: row.match.kickoffAt.toISOString().slice(0, 10),
        fullTime: [row.match.homeFullTime ?? 0, row.match.awayFullTime ?? 0],
        halfTime: pair(row.match.homeHalfTime, row.match.awayHalfTime),
        extraTime: pair(row.match.homeExtraTime, row.match.awayExtraTime),
        penalties: pair(row.match.homePenalties, row.match.awayPenalties),
        goals: (byMatch.get(row.match.id) ?? []).map((event) => ({
          minute: event.minute,
          offset: event.offset,
          side: event.side,
          kind: event.kind,
          playerName: event.playerName,
        })),
      }),
    )
    .filter(isReplayable);
}

type Publisher = (target: PushTarget, message: ServerMessage) => unknown;
type Seen = {
  status: string;
  period: string;
  minute: number | null;
  home: number | null;
  away: number | null;
};

const SPORT_OF_SIMULATION: SimulatedSport[] = ['basketball', 'esports'];

/**
 * One feeds loop. `speed` is FEED_CLOCK_SPEED; `publish` is the gateway's (injected in tests). The
 * state it keeps is only what was last pushed, so a restart re-sends nothing already shown.
 */
export function createFeedsTicker(options: { speed: number; publish?: Publisher }) {
  const push = options.publish ?? publish;
  const seen = new Map<string, Seen>();
  let recorded: RecordedMatch[] | null = null;
  let running = false;

  return async function tick(db: Db, now = new Date()) {
    // A slow tick (large first import, busy database) must not overlap the next one.
    if (running) return null;
    running = true;
    try {
      return await advance(db, now);
    } finally {
      running = false;
    }
  };

  async function advance(db: Db, now: Date) {
    // Read again while empty: a server started before the first seed finds the records later.
    if (!recorded?.length) recorded = await loadRecordedMatches(db);
    const replays = replaySchedule(recorded, now, options.speed).map((slot) =>
      replayAt(slot.match, slot.kickoffAt, now, options.speed),
    );
    const simulated = SPORT_OF_SIMULATION.flatMap((sport) =>
      simulatedSchedule(sport, now, options.speed).map((game) =>
        simulatedAt(sport, game.home, game.away, game.kickoffAt, now, options.speed),
      ),
    );
    const year = now.getUTCFullYear();
    const leagues = SPORT_OF_SIMULATION.map((sport) => simulatedLeagueBatch(sport, year));
    const batch: FeedBatch = {
      competitions: leagues.flatMap((league) => league.competitions ?? []),
      seasons: leagues.flatMap((league) => league.seasons ?? []),
      teams: leagues.flatMap((league) => league.teams ?? []),
      seasonTeams: leagues.flatMap((league) => league.seasonTeams ?? []),
      matches: [...replays, ...simulated],
    };
    const stored = await db.transaction((tx) => storeFeedBatch(tx, batch));
    await pushChanges(db, [...replays, ...simulated], stored.matchIds, seen, push);
    // Finished replays get their match report in the news (idempotent: one report per match).
    await onMatchFinished(
      db,
      replays
        .filter((m) => m.status === 'finished')
        .map((m) => stored.matchIds.get(`${m.source}|${m.externalId}`)!),
      now,
    );
    const interrupted = await closeInterrupted(db, [...stored.matchIds.values()], now);
    return { replays: replays.length, simulated: simulated.length, interrupted };
  }
}

/** No match, even at the feed clock's slowest, is still playing this long after its kick-off. */
const LONGEST_MATCH_MS = 4 * 60 * 60 * 1000;

/**
 * Replays and simulations left "live" by a process that stopped while they played and came back
 * after their slot had gone: no tick will ever finish them, so they are marked interrupted (shown
 * as abnormal) rather than left live forever or given a final score they never reached. Nothing is
 * pushed: this happens only after a restart, and browsers refetch everything when they reconnect.
 */
async function closeInterrupted(db: Db, playing: number[], now: Date) {
  const closed = await db
    .update(matches)
    .set({ status: 'abnormal', statusNote: 'interrupted' })
    .where(
      and(
        inArray(matches.source, [REPLAY_SOURCE, SIMULATED_SOURCE]),
        eq(matches.status, 'live'),
        lt(matches.kickoffAt, new Date(now.getTime() - LONGEST_MATCH_MS)),
        playing.length ? notInArray(matches.id, playing) : undefined,
      ),
    )
    .returning({ id: matches.id });
  return closed.length;
}

const sportOf = (match: MatchInfo) =>
  match.competitionCode === 'sim.basketball'
    ? 'basketball'
    : match.competitionCode === 'sim.esports'
      ? 'esports'
      : 'football';

async function pushChanges(
  db: Db,
  played: MatchInfo[],
  ids: Map<string, number>,
  seen: Map<string, Seen>,
  push: Publisher,
) {
  const updates = new Map<
    'football' | 'basketball' | 'esports',
    ReturnType<typeof matchUpdatesSchema.parse>
  >();
  const goals: {
    match: MatchInfo;
    id: number;
    side: 'home' | 'away';
    minute: string;
    score: [number, number];
  }[] = [];
  for (const match of played) {
    const key = `${match.source}|${match.externalId}`;
    const id = ids.get(key)!;
    const score = match.score ? (match.score.extraTime ?? match.score.fullTime) : null;
    const now: Seen = {
      status: match.status,
      period: match.period ?? 'not_started',
      minute: match.minute ?? null,
      home: score?.[0] ?? null,
      away: score?.[1] ?? null,
    };
    const before = seen.get(key);
    seen.set(key, now);
    if (before && JSON.stringify(before) === JSON.stringify(now)) continue;
    const sport = sportOf(match);
    updates.set(sport, [
      ...(updates.get(sport) ?? []),
      {
        match_id: id,
        status: match.status,
        period: now.period,
        minute: now.minute,
        home_score: now.home,
        away_score: now.away,
        source: match.source,
        replay_of_date: match.replayOf?.date ?? null,
      },
    ]);
    // A goal is pushed only when seen happening (not for matches first met already under way).
    if (sport === 'football' && before && score) {
      const scorers = (match.events ?? []).filter((event) =>
        ['goal', 'own_goal', 'penalty_goal'].includes(event.kind),
      );
      for (const side of ['home', 'away'] as const) {
        const was = side === 'home' ? (before.home ?? 0) : (before.away ?? 0);
        const total = side === 'home' ? score[0] : score[1];
        if (total > was) {
          const last = scorers.filter((event) => event.side === side).at(-1);
          const minute = last
            ? `${last.minute}${last.offset ? `+${last.offset}` : ''}'`
            : `${now.minute ?? ''}'`;
          goals.push({ match, id, side, minute, score });
        }
      }
    }
  }
  for (const [type, data] of updates)
    push('everyone', { code: 100, type, data: matchUpdatesSchema.parse(data) });
  if (!goals.length) return;
  const names = await teamNames(
    db,
    goals.flatMap((goal) => [goal.match.homeTeam, goal.match.awayTeam]),
  );
  for (const goal of goals) {
    const data = {
      match_id: goal.id,
      iszhu: goal.side === 'home' ? (1 as const) : (0 as const),
      match_str: goal.minute,
      home_team_name_zh: names.get(goal.match.homeTeam) ?? goal.match.homeTeam,
      away_team_name_zh: names.get(goal.match.awayTeam) ?? goal.match.awayTeam,
      home_score: goal.score[0],
      away_score: goal.score[1],
      source: goal.match.source,
    };
    push('everyone', { type: 'goal', data });
  }
}

/** Chinese names for the goal pop-up (the spec's `*_zh` fields), else the source name. */
async function teamNames(db: Db, sourceNames: string[]) {
  const rows = await db
    .select({ sourceName: teams.sourceName, names: teams.names })
    .from(teams)
    .where(and(eq(teams.sport, 'football'), inArray(teams.sourceName, [...new Set(sourceNames)])));
  return new Map(rows.map((row) => [row.sourceName, row.names['zh-CN'] ?? row.sourceName]));
}
