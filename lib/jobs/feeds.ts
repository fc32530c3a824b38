// The live feeds job: each tick plays today's replays and simulated games up to "now", catches up the
// ones a stopped process left unfinished, stores them through the scores service, and pushes what
// changed (code 100) and every new goal (`goal`); then the watchdog marks silent matches abnormal.
import { aliasedTable, and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { idIn } from '@/lib/db/bulk';
import { OPENFOOTBALL_SOURCE } from '@/lib/feeds/openfootball/parse';
import type { FeedBatch, MatchInfo } from '@/lib/feeds/provider';
import {
  isReplayable,
  REPLAY_SOURCE,
  type RecordedMatch,
  replayAt,
  replayFixturesAhead,
  replaySchedule,
  replaySpeed,
} from '@/lib/feeds/replay/replay';
import {
  SIMULATED_SOURCE,
  type SimulatedSport,
  simulatedAt,
  simulatedFixturesAhead,
  simulatedKey,
  simulatedLeagueBatch,
  simulatedSchedule,
  simulatedSpeed,
} from '@/lib/feeds/simulator/simulator';
import { onMatchFinished } from '@/lib/news/reports';
import { matchUpdatesSchema, type ServerMessage } from '@/lib/realtime/events';
import { type PushTarget, publish } from '@/lib/realtime/gateway';
import { storeFeedBatch } from '@/lib/scores/ingest';
import { markSilentMatches } from '@/lib/scores/match-states';
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
export type Seen = {
  status: string;
  period: string;
  minute: number | null;
  home: number | null;
  away: number | null;
};

/** Simulated sports: basketball and e-sports have no open data; football's fictional league is the demo's. */
const simulatedSports = (footballLeague: boolean): SimulatedSport[] =>
  footballLeague ? ['football', 'basketball', 'esports'] : ['basketball', 'esports'];
const keyOf = (match: { source: string; externalId: string }) => `${match.source}|${match.externalId}`;

/**
 * One feeds loop. `speed` is FEED_CLOCK_SPEED; `publish` is the gateway's (injected in tests). The
 * state it keeps is only what was last pushed, so a restart re-sends nothing already shown. Each tick
 * plays the programme (lib/feeds/clock.ts) and catches up every replay or simulated game the database
 * still holds as not over but the programme no longer lists — a process that was stopped while they
 * played, or started after they ended — to its true state at `now`, final result included.
 * `footballLeague`: also play the fictional football league (the demo's, SEED_ON_START): replays'
 * results are known, so without it football has no match ahead that experts can publish on.
 */
export function createFeedsTicker(options: {
  speed: number;
  publish?: Publisher;
  seen?: Map<string, Seen>;
  footballLeague?: boolean;
}) {
  const push = options.publish ?? publish;
  const sports = simulatedSports(options.footballLeague ?? false);
  // Given by a caller that hands the feeds from node to node (lib/jobs/index.ts).
  const seen = options.seen ?? new Map<string, Seen>();
  /** What this process last stored of each match (its whole report) and the stored ids. */
  const written = new Map<string, string>();
  const ids = new Map<string, number>();
  const leaguesStored = new Set<number>();
  let recorded: RecordedMatch[] | null = null;
  let running = false;

  return async function tick(db: Db, now: Date) {
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
    const simulated = sports.flatMap((sport) =>
      simulatedSchedule(sport, now, options.speed).map((game) =>
        simulatedAt(sport, game.home, game.away, game.kickoffAt, now, options.speed),
      ),
    );
    // Fixtures announced days ahead (not started yet: cheap to write, unchanged until they come close).
    const ahead = [
      ...replayFixturesAhead(recorded, now, options.speed).map((slot) =>
        replayAt(slot.match, slot.kickoffAt, now, options.speed),
      ),
      ...sports.flatMap((sport) =>
        simulatedFixturesAhead(sport, now, options.speed).map((game) =>
          simulatedAt(sport, game.home, game.away, game.kickoffAt, now, options.speed),
        ),
      ),
    ];
    const listed = new Set([...replays, ...simulated].map(keyOf));
    const programme = [...replays, ...simulated, ...ahead.filter((match) => !listed.has(keyOf(match)))];
    const caughtUp = await catchUp(db, recorded, new Set(programme.map(keyOf)), now, options.speed);
    const played = [...programme, ...caughtUp];
    // Only what changed since this process last stored it is written again; the rest is marked as
    // heard of now, which is what the watchdog reads.
    const changed = played.filter((match) => written.get(keyOf(match)) !== JSON.stringify(match));
    const unchanged = played.flatMap((match) => (changed.includes(match) ? [] : [ids.get(keyOf(match))!]));
    // A game kicked off before New Year belongs to last year's season.
    const years = [
      ...new Set([
        now.getUTCFullYear(),
        ...changed
          .filter((match) => match.source === SIMULATED_SOURCE)
          .map((match) => match.kickoffAt.getUTCFullYear()),
      ]),
    ].filter((year) => !leaguesStored.has(year));
    const leagues = sports.flatMap((sport) => years.map((year) => simulatedLeagueBatch(sport, year)));
    // Two years' leagues (fixtures ahead across New Year) name each competition and team twice: once
    // each, or the batch's upsert would touch one row twice.
    const batch: FeedBatch = {
      competitions: uniqueBy(
        leagues.flatMap((league) => league.competitions ?? []),
        (competition) => competition.code,
      ),
      seasons: leagues.flatMap((league) => league.seasons ?? []),
      teams: uniqueBy(
        leagues.flatMap((league) => league.teams ?? []),
        (team) => `${team.sport}/${team.sourceName}`,
      ),
      seasonTeams: leagues.flatMap((league) => league.seasonTeams ?? []),
      matches: changed,
    };
    const stored = await db.transaction(async (tx) => {
      const result = await storeFeedBatch(tx, batch, now);
      if (unchanged.length)
        await tx.update(matches).set({ updatedAt: now }).where(idIn(matches.id, unchanged));
      return result;
    });
    for (const year of years) leaguesStored.add(year);
    const believed = changed.filter((match) => !stored.held.has(keyOf(match)));
    for (const match of changed) {
      ids.set(keyOf(match), stored.matchIds.get(keyOf(match))!);
      // A report that was not believed is not remembered as written: the next one is checked again.
      if (!stored.held.has(keyOf(match))) written.set(keyOf(match), JSON.stringify(match));
    }
    await pushChanges(db, believed, stored.matchIds, seen, push);
    // Finished replays get their match report in the news (idempotent: one report per match).
    await onMatchFinished(
      db,
      believed
        .filter((match) => match.status === 'finished' && match.source !== SIMULATED_SOURCE)
        .map((match) => stored.matchIds.get(keyOf(match))!),
      now,
    );
    const current = new Set(played.map(keyOf));
    for (const memory of [seen, written, ids])
      for (const key of memory.keys()) if (!current.has(key)) memory.delete(key);
    return {
      replays: replays.length,
      simulated: simulated.length,
      ahead: ahead.length,
      caughtUp: caughtUp.length,
      stored: changed.length,
      held: stored.held.size,
    };
  }
}

/**
 * Replays and simulated games stored as not over whose slot the programme no longer lists, as they
 * stand at `now`: both feeds are pure functions of the record, the kick-off and the clock speed, so the
 * true state is known whatever happened meanwhile. The speed is read back from each game's expected
 * end (a portal restarted with another FEED_CLOCK_SPEED finishes earlier games at their own pace).
 */
async function catchUp(db: Db, recorded: RecordedMatch[], programme: Set<string>, now: Date, speed: number) {
  const open = await db
    .select({
      source: matches.source,
      externalId: matches.externalId,
      kickoffAt: matches.kickoffAt,
      expectedEndAt: matches.expectedEndAt,
      replayOfMatchId: matches.replayOfMatchId,
    })
    .from(matches)
    .where(
      and(
        inArray(matches.source, [REPLAY_SOURCE, SIMULATED_SOURCE]),
        inArray(matches.status, ['not_started', 'live']),
      ),
    );
  const left = open.filter((row) => !programme.has(keyOf(row)));
  const originalIds = [...new Set(left.map((row) => row.replayOfMatchId).filter((id) => id !== null))];
  const originals = originalIds.length
    ? await db
        .select({ id: matches.id, source: matches.source, externalId: matches.externalId })
        .from(matches)
        .where(inArray(matches.id, originalIds))
    : [];
  const records = new Map(recorded.map((match) => [keyOf(match), match]));
  const recordOf = new Map(originals.map((row) => [row.id, records.get(keyOf(row))]));
  const found: MatchInfo[] = [];
  for (const row of left) {
    if (row.source === REPLAY_SOURCE) {
      const record = row.replayOfMatchId === null ? undefined : recordOf.get(row.replayOfMatchId);
      // Without its record the game cannot be played on: the watchdog marks it abnormal.
      if (!record) continue;
      const own = row.expectedEndAt ? replaySpeed(record, row.kickoffAt, row.expectedEndAt) : speed;
      found.push({
        ...replayAt(record, row.kickoffAt, now, own),
        externalId: row.externalId,
        // The end it was announced with (a speed read back could round it by a millisecond).
        ...(row.expectedEndAt ? { expectedEndAt: row.expectedEndAt } : {}),
      });
    } else {
      const key = simulatedKey(row.externalId);
      if (!key) continue;
      const own = row.expectedEndAt
        ? (simulatedSpeed(row.externalId, row.kickoffAt, row.expectedEndAt) ?? speed)
        : speed;
      found.push({
        ...simulatedAt(key.sport, key.home, key.away, row.kickoffAt, now, own),
        externalId: row.externalId,
        // The end it was announced with (a speed read back could round it by a millisecond).
        ...(row.expectedEndAt ? { expectedEndAt: row.expectedEndAt } : {}),
      });
    }
  }
  return found;
}

/**
 * The watchdog's step (lib/scores/match-states.ts): live matches past their expected end whose feed
 * fell silent become abnormal, and open pages hear of it.
 */
export async function watchSilentMatches(db: Db, now: Date, push: Publisher = publish) {
  const changed = await markSilentMatches(db, now);
  for (const sport of ['football', 'basketball', 'esports'] as const) {
    const data = changed
      .filter((row) => row.sport === sport)
      .map((row) => ({
        match_id: row.id,
        status: row.status,
        period: row.period,
        minute: row.minute,
        home_score: row.homeScore,
        away_score: row.awayScore,
        source: row.source,
        replay_of_date: row.replayOfDate,
      }));
    if (data.length) push('everyone', { code: 100, type: sport, data: matchUpdatesSchema.parse(data) });
  }
  return changed.length;
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

function uniqueBy<T>(items: T[], key: (item: T) => string) {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}
