// Scores: competitions, seasons, teams, matches and everything that happens in them, whatever the feed
// that reported it. Each row that a feed owns carries its `source`; facts made up by a model (cards,
// corners, odds of a replay or a simulation) carry `generated = true` so they are never taken for real.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Names keyed by locale ('zh-CN', 'zh-TW', 'en', 'vi'); a missing locale falls back to the source name. */
export type LocalizedNames = Partial<Record<'zh-CN' | 'zh-TW' | 'en' | 'vi', string>>;

export const SPORTS = ['football', 'basketball', 'esports'] as const;
export type Sport = (typeof SPORTS)[number];
export const COMPETITION_KINDS = ['league', 'cup', 'tournament'] as const;
export const MATCH_STATUSES = ['not_started', 'live', 'finished', 'abnormal'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_PERIODS = [
  'not_started',
  'first_half',
  'half_time',
  'second_half',
  'extra_time',
  'penalties',
  'q1',
  'q2',
  'q3',
  'q4',
  'overtime',
  'map',
  'finished',
] as const;
export type MatchPeriod = (typeof MATCH_PERIODS)[number];
export const MATCH_EVENT_KINDS = [
  'goal',
  'own_goal',
  'penalty_goal',
  'yellow_card',
  'red_card',
  'corner',
  'substitution',
  'score',
  'kill',
  'objective',
] as const;
export type MatchEventKind = (typeof MATCH_EVENT_KINDS)[number];
export const SIDES = ['home', 'away'] as const;
export type Side = (typeof SIDES)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const competitions = pgTable('competitions', {
  id: serial('id').primaryKey(),
  /** Natural key: openfootball's file code (`en.1`, `uefa.cl`, `worldcup`) or a feed's own code. */
  code: text('code').notNull().unique(),
  sport: text('sport', { enum: SPORTS }).notNull(),
  kind: text('kind', { enum: COMPETITION_KINDS }).notNull(),
  /** ISO 3166 alpha-2 (or `eu`, `world`): the country or region filter of the scores screens. */
  region: text('region').notNull(),
  sourceName: text('source_name').notNull(),
  names: jsonb('names').$type<LocalizedNames>().notNull().default({}),
  source: text('source').notNull(),
  createdAt: createdAt(),
});

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    /** `2024-25` for a club season, `2025` for a calendar-year league or a tournament. */
    key: text('key').notNull(),
    sourceName: text('source_name').notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('seasons_competition_key_unique').on(table.competitionId, table.key)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    sport: text('sport', { enum: SPORTS }).notNull(),
    /** The feed's name, e.g. `Arsenal FC`; natural key together with the sport. */
    sourceName: text('source_name').notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull().default({}),
    /** FIFA code for national teams, the three-letter country of a club where the feed gives it. */
    countryCode: text('country_code'),
    isNational: boolean('is_national').notNull().default(false),
    /** Generated badge colours (never a real crest): [background, text]. */
    crestColors: jsonb('crest_colors').$type<[string, string]>().notNull(),
    /** Fictional teams of the simulator are marked so no screen shows them as real. */
    simulated: boolean('simulated').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('teams_sport_name_unique').on(table.sport, table.sourceName)],
);

/** Which teams take part in a season, and their group in a tournament. */
export const seasonTeams = pgTable(
  'season_teams',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    groupName: text('group_name'),
  },
  (table) => [uniqueIndex('season_teams_unique').on(table.seasonId, table.teamId)],
);

export const stadiums = pgTable('stadiums', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  city: text('city').notNull(),
  countryCode: text('country_code'),
  /** As published, e.g. `UTC-6`. */
  timezone: text('timezone'),
  capacity: integer('capacity'),
  createdAt: createdAt(),
});

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    /** Who reported it: `openfootball`, `replay`, `simulated`, or a commercial feed's name. */
    source: text('source').notNull(),
    /** The feed's own key; unique per source so imports and ticks are idempotent upserts. */
    externalId: text('external_id').notNull(),
    round: text('round').notNull(),
    groupName: text('group_name'),
    matchNumber: integer('match_number'),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    stadiumId: integer('stadium_id').references(() => stadiums.id),
    /** The ground as the source names it (a city or `stadium, city`). */
    ground: text('ground'),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    /** False when the source gives only the date: kickoffAt is then noon UTC of that date. */
    kickoffTimeKnown: boolean('kickoff_time_known').notNull().default(true),
    /** When the feed expects the match to be over (null: the sport's longest span after kick-off). */
    expectedEndAt: timestamp('expected_end_at', { withTimezone: true }),
    /** Moves forward only (lib/scores/match-states.ts): not_started → live → abnormal → finished. */
    status: text('status', { enum: MATCH_STATUSES }).notNull().default('not_started'),
    /** The source's own word for an unusual state (`postponed`, `awarded`). */
    statusNote: text('status_note'),
    period: text('period', { enum: MATCH_PERIODS }).notNull().default('not_started'),
    /** Match clock while live (football minutes, basketball/e-sports elapsed minutes). */
    minute: integer('minute'),
    /** The result shown: after extra time when there was some. */
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    /** After 90 minutes (basketball/e-sports: same as the result). */
    homeFullTime: integer('home_full_time'),
    awayFullTime: integer('away_full_time'),
    homeHalfTime: integer('home_half_time'),
    awayHalfTime: integer('away_half_time'),
    /** Score after extra time (cumulative, as openfootball publishes it). */
    homeExtraTime: integer('home_extra_time'),
    awayExtraTime: integer('away_extra_time'),
    homePenalties: integer('home_penalties'),
    awayPenalties: integer('away_penalties'),
    /** Basketball quarters or e-sports maps: [[home, away], …]. */
    periodScores: jsonb('period_scores').$type<[number, number][]>(),
    /** A replay plays a recorded match again: the original and the date it was really played. */
    replayOfMatchId: integer('replay_of_match_id'),
    replayOfDate: date('replay_of_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('matches_source_external_unique').on(table.source, table.externalId),
    index('matches_season_idx').on(table.seasonId, table.kickoffAt),
    index('matches_kickoff_idx').on(table.kickoffAt),
    // A team's matches (search results, lib/search/sources.ts).
    index('matches_home_team_idx').on(table.homeTeamId, table.kickoffAt),
    index('matches_away_team_idx').on(table.awayTeamId, table.kickoffAt),
    // The feeds' catch-up and the watchdog look for matches not yet over: a small part of the table.
    index('matches_open_idx')
      .on(table.status, table.source)
      .where(sql`${table.status} in ('not_started', 'live')`),
    index('matches_home_idx').on(table.homeTeamId, table.kickoffAt),
    index('matches_away_idx').on(table.awayTeamId, table.kickoffAt),
  ],
);

export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** Order within the match; with matchId the natural key of an event. */
    sequence: integer('sequence').notNull(),
    kind: text('kind', { enum: MATCH_EVENT_KINDS }).notNull(),
    minute: integer('minute').notNull(),
    /** Added time: 45+2 is minute 45, offset 2. */
    offset: integer('offset'),
    /** The side the event counts for (an own goal counts for the side it benefits, as openfootball lists it). */
    side: text('side', { enum: SIDES }).notNull(),
    playerName: text('player_name'),
    points: integer('points'),
    generated: boolean('generated').notNull().default(false),
  },
  (table) => [uniqueIndex('match_events_sequence_unique').on(table.matchId, table.sequence)],
);

export const matchStatistics = pgTable(
  'match_statistics',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** `possession`, `shots`, `shots_on_target`, `corners`, `fouls`, `yellow_cards`, `red_cards`, … */
    kind: text('kind').notNull(),
    home: integer('home').notNull(),
    away: integer('away').notNull(),
    generated: boolean('generated').notNull().default(false),
  },
  (table) => [uniqueIndex('match_statistics_unique').on(table.matchId, table.kind)],
);

/** Players named in a tournament squad (worldcup-2026 squads). */
export const squadPlayers = pgTable(
  'squad_players',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: integer('number'),
    position: text('position'),
    club: text('club'),
    clubCountry: text('club_country'),
    dateOfBirth: date('date_of_birth'),
  },
  (table) => [uniqueIndex('squad_players_unique').on(table.seasonId, table.teamId, table.name)],
);

export const lineups = pgTable(
  'lineups',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    side: text('side', { enum: SIDES }).notNull(),
    playerName: text('player_name').notNull(),
    number: integer('number'),
    position: text('position'),
    starter: boolean('starter').notNull(),
    generated: boolean('generated').notNull().default(false),
  },
  (table) => [uniqueIndex('lineups_unique').on(table.matchId, table.side, table.playerName)],
);

/** Odds over time, one row per capture, so screens can show movement. Prices in thousandths (1.85 → 1850). */
export const oddsSnapshots = pgTable(
  'odds_snapshots',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** `1x2`, `handicap` (line in hundredths of a goal), `total` (line in hundredths). */
    market: text('market').notNull(),
    line: integer('line'),
    home: integer('home').notNull(),
    draw: integer('draw'),
    away: integer('away').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    generated: boolean('generated').notNull().default(false),
  },
  // One capture per market and instant: a feed re-sending the same history adds nothing.
  (table) => [uniqueIndex('odds_snapshots_unique').on(table.matchId, table.market, table.capturedAt)],
);

/** Points added or (negative) deducted by a competition's authority, with the published reason. */
export const pointAdjustments = pgTable(
  'point_adjustments',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('point_adjustments_unique').on(table.seasonId, table.teamId, table.reason)],
);
