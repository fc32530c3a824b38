// Stores what a feed reports (lib/feeds/provider.ts) idempotently: every row is upserted on its natural
// key, so importing the same file or replaying the same tick twice changes nothing. Callers run it
// inside one transaction so a batch is stored whole or not at all.
import { getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/db';
import { idIn, insertJsonRows, pairIn, updateFromExcluded } from '@/lib/db/bulk';
import { type FeedBatch, feedBatchSchema, type ParsedFeedBatch } from '@/lib/feeds/provider';
import { stateRank } from './match-states';
import {
  competitions,
  lineups,
  matchEvents,
  matches,
  matchStatistics,
  oddsSnapshots,
  pointAdjustments,
  type Sport,
  seasons,
  seasonTeams,
  squadPlayers,
  stadiums,
  teams,
} from './schema';

const CHUNK = 500;

function chunks<T>(rows: T[], size = CHUNK) {
  const out: T[][] = [];
  for (let index = 0; index < rows.length; index += size) out.push(rows.slice(index, index + size));
  return out;
}

/** `set` of an upsert: each listed column takes the value of the row that was refused. */
function fromExcluded<T extends PgTable>(table: T, keys: (keyof T['$inferInsert'] & string)[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]));
}

/** A stable colour pair from the name: badges are drawn, never copied from a real crest. */
export function crestColors(name: string): [string, string] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const hue = hash % 360;
  const lightness = 30 + ((hash >>> 9) % 25);
  const background = hslToHex(hue, 65, lightness);
  return [background, '#ffffff'];
}

function hslToHex(hue: number, saturation: number, lightness: number) {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) =>
    Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const seasonRef = (code: string, key: string) => `${code}|${key}`;
const teamRef = (sport: string, name: string) => `${sport}|${name}`;

export class FeedReferenceError extends Error {
  constructor(what: string) {
    super(`feed batch refers to an unknown ${what}`);
    this.name = 'FeedReferenceError';
  }
}

export type StoredBatch = {
  competitions: number;
  seasons: number;
  teams: number;
  matches: number;
  events: number;
  squadPlayers: number;
  /** The stored id of each match of the batch, by `source|externalId`. */
  matchIds: Map<string, number>;
  /**
   * Matches the batch reported going back (a finished match seen live again): kept as they were,
   * their events untouched (lib/scores/match-states.ts), by `source|externalId`.
   */
  held: Set<string>;
};

/** Stores `input` as the feed reported it at `now` (the time each match was last heard of). */
export async function storeFeedBatch(tx: DbOrTx, input: FeedBatch, now: Date): Promise<StoredBatch> {
  const batch: ParsedFeedBatch = feedBatchSchema.parse(input);

  // Competitions and seasons named by the batch, plus the ones its rows refer to.
  for (const rows of chunks(batch.competitions)) {
    await tx
      .insert(competitions)
      .values(rows)
      .onConflictDoUpdate({
        target: competitions.code,
        set: {
          ...fromExcluded(competitions, ['kind', 'region']),
          names: sql`${competitions.names} || excluded.names`,
        },
      });
  }
  const competitionCodes = new Set([
    ...batch.competitions.map((row) => row.code),
    ...batch.seasons.map((row) => row.competitionCode),
    ...batch.matches.map((row) => row.competitionCode),
    ...batch.seasonTeams.map((row) => row.competitionCode),
    ...batch.squadPlayers.map((row) => row.competitionCode),
    ...batch.pointAdjustments.map((row) => row.competitionCode),
  ]);
  const competitionRows = competitionCodes.size
    ? await tx
        .select({ id: competitions.id, code: competitions.code, sport: competitions.sport })
        .from(competitions)
        .where(inArray(competitions.code, [...competitionCodes]))
    : [];
  const competitionByCode = new Map(competitionRows.map((row) => [row.code, row]));
  const competition = (code: string) => {
    const row = competitionByCode.get(code);
    if (!row) throw new FeedReferenceError(`competition ${code}`);
    return row;
  };

  for (const rows of chunks(batch.seasons)) {
    await tx
      .insert(seasons)
      .values(
        rows.map((row) => ({
          competitionId: competition(row.competitionCode).id,
          key: row.key,
          sourceName: row.sourceName,
          startsOn: row.startsOn ?? null,
          endsOn: row.endsOn ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [seasons.competitionId, seasons.key],
        set: {
          sourceName: sql`excluded.source_name`,
          startsOn: sql`coalesce(excluded.starts_on, ${seasons.startsOn})`,
          endsOn: sql`coalesce(excluded.ends_on, ${seasons.endsOn})`,
        },
      });
  }
  const seasonRows = competitionRows.length
    ? await tx
        .select({ id: seasons.id, key: seasons.key, competitionId: seasons.competitionId })
        .from(seasons)
        .where(
          inArray(
            seasons.competitionId,
            competitionRows.map((row) => row.id),
          ),
        )
    : [];
  const codeById = new Map(competitionRows.map((row) => [row.id, row.code]));
  const seasonIds = new Map(
    seasonRows.map((row) => [seasonRef(codeById.get(row.competitionId)!, row.key), row.id]),
  );
  const season = (code: string, key: string) => {
    const id = seasonIds.get(seasonRef(code, key));
    if (id === undefined) throw new FeedReferenceError(`season ${code} ${key}`);
    return id;
  };

  // Teams: names merge (a later source may know more languages), the country code is kept once known.
  const teamsByRef = new Map(batch.teams.map((row) => [teamRef(row.sport, row.sourceName), row]));
  for (const rows of chunks([...teamsByRef.values()])) {
    await tx
      .insert(teams)
      .values(rows.map((row) => ({ ...row, crestColors: crestColors(row.sourceName) })))
      .onConflictDoUpdate({
        target: [teams.sport, teams.sourceName],
        set: {
          names: sql`${teams.names} || excluded.names`,
          countryCode: sql`coalesce(excluded.country_code, ${teams.countryCode})`,
          isNational: sql`${teams.isNational} or excluded.is_national`,
        },
      });
  }
  const wanted = new Map<string, { sport: Sport; name: string }>();
  const want = (competitionCode: string, name: string) => {
    const sport = competition(competitionCode).sport;
    wanted.set(teamRef(sport, name), { sport, name });
  };
  for (const row of batch.teams)
    wanted.set(teamRef(row.sport, row.sourceName), { sport: row.sport, name: row.sourceName });
  for (const row of batch.matches) {
    want(row.competitionCode, row.homeTeam);
    want(row.competitionCode, row.awayTeam);
  }
  for (const row of [...batch.seasonTeams, ...batch.squadPlayers, ...batch.pointAdjustments])
    want(row.competitionCode, row.team);
  const teamIds = new Map<string, number>();
  for (const rows of chunks([...wanted.values()])) {
    const found = await tx
      .select({ id: teams.id, sport: teams.sport, sourceName: teams.sourceName })
      .from(teams)
      .where(
        pairIn(
          teams.sport,
          teams.sourceName,
          rows.map((row) => [row.sport, row.name]),
        ),
      );
    for (const row of found) teamIds.set(teamRef(row.sport, row.sourceName), row.id);
  }
  const teamId = (competitionCode: string, name: string) => {
    const id = teamIds.get(teamRef(competition(competitionCode).sport, name));
    if (id === undefined) throw new FeedReferenceError(`team ${name}`);
    return id;
  };

  const memberships = new Map<string, typeof seasonTeams.$inferInsert>();
  for (const row of batch.seasonTeams) {
    const value = {
      seasonId: season(row.competitionCode, row.seasonKey),
      teamId: teamId(row.competitionCode, row.team),
      groupName: row.group ?? null,
    };
    const key = `${value.seasonId}|${value.teamId}`;
    memberships.set(key, { ...value, groupName: value.groupName ?? memberships.get(key)?.groupName ?? null });
  }
  for (const rows of chunks([...memberships.values()])) {
    await tx
      .insert(seasonTeams)
      .values(rows)
      .onConflictDoUpdate({
        target: [seasonTeams.seasonId, seasonTeams.teamId],
        set: { groupName: sql`coalesce(excluded.group_name, ${seasonTeams.groupName})` },
      });
  }

  for (const rows of chunks(batch.stadiums)) {
    await tx
      .insert(stadiums)
      .values(rows)
      .onConflictDoUpdate({
        target: stadiums.name,
        set: fromExcluded(stadiums, ['city', 'countryCode', 'timezone', 'capacity']),
      });
  }

  const { matchIds, held } = await storeMatches(tx, batch, season, teamId, now);

  // Squads and point adjustments.
  const players = new Map<string, typeof squadPlayers.$inferInsert>();
  for (const row of batch.squadPlayers) {
    const value = {
      seasonId: season(row.competitionCode, row.seasonKey),
      teamId: teamId(row.competitionCode, row.team),
      name: row.name,
      number: row.number ?? null,
      position: row.position ?? null,
      club: row.club ?? null,
      clubCountry: row.clubCountry ?? null,
      dateOfBirth: row.dateOfBirth ?? null,
    };
    players.set(`${value.seasonId}|${value.teamId}|${value.name}`, value);
  }
  for (const rows of chunks([...players.values()])) {
    await tx
      .insert(squadPlayers)
      .values(rows)
      .onConflictDoUpdate({
        target: [squadPlayers.seasonId, squadPlayers.teamId, squadPlayers.name],
        set: fromExcluded(squadPlayers, ['number', 'position', 'club', 'clubCountry', 'dateOfBirth']),
      });
  }
  for (const row of batch.pointAdjustments) {
    await tx
      .insert(pointAdjustments)
      .values({
        seasonId: season(row.competitionCode, row.seasonKey),
        teamId: teamId(row.competitionCode, row.team),
        points: row.points,
        reason: row.reason,
      })
      .onConflictDoUpdate({
        target: [pointAdjustments.seasonId, pointAdjustments.teamId, pointAdjustments.reason],
        set: { points: row.points },
      });
  }

  return {
    competitions: batch.competitions.length,
    seasons: batch.seasons.length,
    teams: teamsByRef.size,
    matches: batch.matches.length,
    events: batch.matches.reduce((sum, match) => sum + (match.events?.length ?? 0), 0),
    squadPlayers: players.size,
    matchIds,
    held,
  };
}

/**
 * A ground as the source writes it (`Mexico City`, `Al Bayt Stadium, Al Khor`) → a stored stadium. Only
 * the stadiums the batch's grounds can name are read (none for a batch without grounds).
 */
async function stadiumResolver(tx: DbOrTx, grounds: (string | null | undefined)[]) {
  const names = new Set<string>();
  const cities = new Set<string>();
  for (const ground of grounds) {
    if (!ground) continue;
    const [first, rest] = ground.split(/,\s*/);
    names.add(first!);
    cities.add(ground);
    if (rest) cities.add(rest);
  }
  const rows = names.size
    ? await tx
        .select({ id: stadiums.id, name: stadiums.name, city: stadiums.city })
        .from(stadiums)
        .where(or(inArray(stadiums.name, [...names]), inArray(stadiums.city, [...cities])))
    : [];
  return (ground: string | null | undefined) => {
    if (!ground) return null;
    const [first, rest] = ground.split(/,\s*/);
    const byName = rows.find((row) => row.name === first);
    if (byName) return byName.id;
    for (const city of [ground, rest]) {
      const inCity = rows.filter((row) => row.city === city);
      if (inCity.length === 1) return inCity[0]!.id;
    }
    return null;
  };
}

async function storeMatches(
  tx: DbOrTx,
  batch: ParsedFeedBatch,
  season: (code: string, key: string) => number,
  teamId: (code: string, name: string) => number,
  now: Date,
) {
  const matchIds = new Map<string, number>();
  const held = new Set<string>();
  if (!batch.matches.length) return { matchIds, held };
  const stadiumOf = await stadiumResolver(
    tx,
    batch.matches.map((row) => row.ground),
  );

  // States move forward only: a report that would take a stored match back is not believed. The upsert
  // itself refuses it (its `setWhere`), so a match it did not return is one kept as it was.
  const keyOf = (row: { source: string; externalId: string }) => `${row.source}|${row.externalId}`;
  const moving = batch.matches;

  const originals = moving.filter((row) => row.replayOf).map((row) => row.replayOf!);
  const originalIds = new Map<string, number>();
  if (originals.length) {
    const found = await tx
      .select({ id: matches.id, source: matches.source, externalId: matches.externalId })
      .from(matches)
      .where(
        pairIn(
          matches.source,
          matches.externalId,
          originals.map((row) => [row.source, row.externalId]),
        ),
      );
    for (const row of found) originalIds.set(`${row.source}|${row.externalId}`, row.id);
  }

  const values = moving.map((row) => {
    const score = row.score;
    // The headline score is the result after extra time when there was some (openfootball's `et` is cumulative).
    const final = score?.extraTime ?? score?.fullTime;
    const replayOf = row.replayOf
      ? originalIds.get(`${row.replayOf.source}|${row.replayOf.externalId}`)
      : undefined;
    if (row.replayOf && replayOf === undefined)
      throw new FeedReferenceError(`original match ${row.replayOf.externalId}`);
    return {
      seasonId: season(row.competitionCode, row.seasonKey),
      source: row.source,
      externalId: row.externalId,
      round: row.round,
      groupName: row.group ?? null,
      matchNumber: row.matchNumber ?? null,
      homeTeamId: teamId(row.competitionCode, row.homeTeam),
      awayTeamId: teamId(row.competitionCode, row.awayTeam),
      stadiumId: stadiumOf(row.ground),
      ground: row.ground ?? null,
      kickoffAt: row.kickoffAt,
      kickoffTimeKnown: row.kickoffTimeKnown,
      expectedEndAt: row.expectedEndAt ?? null,
      status: row.status,
      statusNote: row.statusNote ?? null,
      period: row.period,
      minute: row.minute ?? null,
      homeScore: final?.[0] ?? null,
      awayScore: final?.[1] ?? null,
      homeFullTime: score?.fullTime[0] ?? null,
      awayFullTime: score?.fullTime[1] ?? null,
      homeHalfTime: score?.halfTime?.[0] ?? null,
      awayHalfTime: score?.halfTime?.[1] ?? null,
      homeExtraTime: score?.extraTime?.[0] ?? null,
      awayExtraTime: score?.extraTime?.[1] ?? null,
      homePenalties: score?.penalties?.[0] ?? null,
      awayPenalties: score?.penalties?.[1] ?? null,
      periodScores: score?.periods ?? null,
      replayOfMatchId: replayOf ?? null,
      replayOfDate: row.replayOf?.date ?? null,
      updatedAt: now,
    };
  });
  for (const rows of chunks(values)) {
    const stored = await tx.execute<{ id: number; source: string; external_id: string }>(sql`
      ${insertJsonRows(matches, rows)}
      on conflict (source, external_id) do update set ${updateFromExcluded(matches, [
        'seasonId',
        'round',
        'groupName',
        'matchNumber',
        'homeTeamId',
        'awayTeamId',
        'stadiumId',
        'ground',
        'kickoffAt',
        'kickoffTimeKnown',
        'expectedEndAt',
        'status',
        'statusNote',
        'period',
        'minute',
        'homeScore',
        'awayScore',
        'homeFullTime',
        'awayFullTime',
        'homeHalfTime',
        'awayHalfTime',
        'homeExtraTime',
        'awayExtraTime',
        'homePenalties',
        'awayPenalties',
        'periodScores',
        'replayOfMatchId',
        'replayOfDate',
        'updatedAt',
      ])}
      -- Forward only (lib/scores/match-states.ts), also should two writers race.
      where ${stateRank(sql.raw('excluded.status'))} >= ${stateRank(matches.status)}
      returning id, source, external_id`);
    for (const row of stored.rows) matchIds.set(`${row.source}|${row.external_id}`, row.id);
  }
  const refused = moving.filter((row) => !matchIds.has(keyOf(row)));
  if (refused.length) {
    const stored = await tx
      .select({ id: matches.id, source: matches.source, externalId: matches.externalId })
      .from(matches)
      .where(
        pairIn(
          matches.source,
          matches.externalId,
          refused.map((row) => [row.source, row.externalId]),
        ),
      );
    for (const row of stored) {
      matchIds.set(keyOf(row), row.id);
      held.add(keyOf(row));
    }
  }
  const changing = moving.filter((row) => !held.has(keyOf(row)));

  const idOf = (row: ParsedFeedBatch['matches'][number]) => matchIds.get(`${row.source}|${row.externalId}`)!;

  const withEvents = changing.filter((row) => row.events);
  if (withEvents.length) {
    // A feed resends every event of a match with each report, and most are stored already: only what
    // differs from the stored list is written — the stored events from the first difference on are
    // removed and the report's from there inserted (usually just the new tail, often nothing).
    const eventRow = (
      matchId: number,
      event: NonNullable<(typeof withEvents)[number]['events']>[number],
      index: number,
    ) => ({
      match_id: matchId,
      sequence: index + 1,
      kind: event.kind,
      minute: event.minute,
      offset: event.offset ?? null,
      side: event.side,
      player_name: event.playerName ?? null,
      points: event.points ?? null,
      generated: event.generated,
    });
    const storedEvents = new Map<number, string[]>();
    const fingerprint = (row: Omit<ReturnType<typeof eventRow>, 'match_id'>) =>
      JSON.stringify([
        row.sequence,
        row.kind,
        row.minute,
        row.offset,
        row.side,
        row.player_name,
        row.points,
        row.generated,
      ]);
    for (const ids of chunks(withEvents.map(idOf))) {
      const rows = await tx
        .select({
          matchId: matchEvents.matchId,
          sequence: matchEvents.sequence,
          kind: matchEvents.kind,
          minute: matchEvents.minute,
          offset: matchEvents.offset,
          side: matchEvents.side,
          player_name: matchEvents.playerName,
          points: matchEvents.points,
          generated: matchEvents.generated,
        })
        .from(matchEvents)
        .where(idIn(matchEvents.matchId, ids))
        .orderBy(matchEvents.matchId, matchEvents.sequence);
      for (const { matchId, ...row } of rows)
        storedEvents.set(matchId, [...(storedEvents.get(matchId) ?? []), fingerprint(row)]);
    }
    const cuts: { match_id: number; kept: number }[] = [];
    const events = withEvents.flatMap((row) => {
      const id = idOf(row);
      const wanted = row.events!.map((event, index) => eventRow(id, event, index));
      const stored = storedEvents.get(id) ?? [];
      let same = 0;
      while (same < Math.min(stored.length, wanted.length) && stored[same] === fingerprint(wanted[same]!))
        same += 1;
      if (stored.length > same) cuts.push({ match_id: id, kept: same });
      return wanted.slice(same);
    });
    for (const rows of chunks(cuts, 5000)) {
      await tx.execute(sql`
        delete from ${matchEvents} using jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as cut(match_id integer, kept integer)
        where match_events.match_id = cut.match_id and match_events.sequence > cut.kept`);
    }
    // Events come by the thousand (every basket of a simulated game): the rows go as one JSON
    // parameter per statement, many times faster than a VALUES list of as many parameters. Plain
    // `json`: read once, row by row, it costs the server less than building a `jsonb` first.
    for (const rows of chunks(events, 5000)) {
      await tx.execute(sql`
        insert into ${matchEvents} (match_id, sequence, kind, minute, "offset", side, player_name, points, generated)
        select match_id, sequence, kind, minute, "offset", side, player_name, points, generated
        from json_to_recordset(${JSON.stringify(rows)}::json) as event(
          match_id integer, sequence integer, kind text, minute integer, "offset" integer, side text,
          player_name text, points integer, generated boolean
        )`);
    }
  }

  const statistics = changing.flatMap((row) =>
    (row.statistics ?? []).map((statistic) => ({ ...statistic, matchId: idOf(row) })),
  );
  for (const rows of chunks(statistics)) {
    await tx.execute(sql`
      ${insertJsonRows(matchStatistics, rows)}
      on conflict (match_id, kind) do update set ${updateFromExcluded(matchStatistics, ['home', 'away', 'generated'])}`);
  }

  const withLineups = changing.filter((row) => row.lineups);
  if (withLineups.length) {
    await tx.delete(lineups).where(inArray(lineups.matchId, withLineups.map(idOf)));
    const entries = withLineups.flatMap((row) =>
      row.lineups!.map((entry) => ({ ...entry, matchId: idOf(row) })),
    );
    for (const rows of chunks(entries)) await tx.execute(insertJsonRows(lineups, rows));
  }

  const odds = changing.flatMap((row) =>
    (row.odds ?? []).map((snapshot) => ({ ...snapshot, matchId: idOf(row) })),
  );
  for (const rows of chunks(odds))
    await tx.execute(sql`${insertJsonRows(oddsSnapshots, rows)} on conflict do nothing`);

  return { matchIds, held };
}
