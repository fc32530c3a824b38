// The contract between match-data feeds and the scores service. A feed (the openfootball importer, the
// replay feed, the simulator, or a commercial provider) turns its data into a FeedBatch; the scores
// service (lib/scores/ingest.ts) stores a batch idempotently, keyed on natural keys, inside one transaction.
//
// Adding a commercial feed: implement FeedProvider in `lib/feeds/<name>/` (fetch the provider's
// fixtures, live events, statistics, lineups and odds, map its ids to `externalId` and its team names to
// `sourceName`), return a FeedBatch from `poll`, and register it in the feeds job (lib/jobs/feeds.ts).
// Everything downstream (standings, pushes, screens) works unchanged.
import { z } from 'zod';
import {
  COMPETITION_KINDS,
  MATCH_EVENT_KINDS,
  MATCH_PERIODS,
  MATCH_STATUSES,
  SIDES,
  SPORTS,
} from '@/lib/scores/schema';

export const localizedNamesSchema = z.partialRecord(
  z.enum(['zh-CN', 'zh-TW', 'en', 'vi']),
  z.string().trim().min(1),
);

export const competitionInfoSchema = z.object({
  code: z.string().min(1),
  /** The feed that first described the competition. */
  source: z.string().min(1),
  sport: z.enum(SPORTS),
  kind: z.enum(COMPETITION_KINDS),
  region: z.string().min(1),
  sourceName: z.string().min(1),
  names: localizedNamesSchema.default({}),
});

export const seasonInfoSchema = z.object({
  competitionCode: z.string().min(1),
  key: z.string().min(1),
  sourceName: z.string().min(1),
  startsOn: z.string().date().nullish(),
  endsOn: z.string().date().nullish(),
});

export const teamInfoSchema = z.object({
  sport: z.enum(SPORTS),
  sourceName: z.string().min(1),
  names: localizedNamesSchema.default({}),
  countryCode: z.string().nullish(),
  isNational: z.boolean().default(false),
  simulated: z.boolean().default(false),
});

export const seasonTeamSchema = z.object({
  competitionCode: z.string(),
  seasonKey: z.string(),
  team: z.string(),
  group: z.string().nullish(),
});

export const stadiumInfoSchema = z.object({
  name: z.string().min(1),
  city: z.string().min(1),
  countryCode: z.string().nullish(),
  timezone: z.string().nullish(),
  capacity: z.number().int().positive().nullish(),
});

const pair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const matchEventSchema = z.object({
  kind: z.enum(MATCH_EVENT_KINDS),
  minute: z.number().int().min(0),
  offset: z.number().int().min(0).nullish(),
  side: z.enum(SIDES),
  playerName: z.string().nullish(),
  points: z.number().int().nullish(),
  generated: z.boolean(),
});

export const statisticSchema = z.object({
  kind: z.string().min(1),
  home: z.number().int().min(0),
  away: z.number().int().min(0),
  generated: z.boolean(),
});

export const lineupEntrySchema = z.object({
  side: z.enum(SIDES),
  playerName: z.string().min(1),
  number: z.number().int().nullish(),
  position: z.string().nullish(),
  starter: z.boolean(),
  generated: z.boolean(),
});

export const oddsSnapshotSchema = z.object({
  market: z.enum(['1x2', 'handicap', 'total']),
  line: z.number().int().nullish(),
  home: z.number().int().positive(),
  draw: z.number().int().positive().nullish(),
  away: z.number().int().positive(),
  capturedAt: z.date(),
  generated: z.boolean(),
});

export const matchInfoSchema = z.object({
  source: z.string().min(1),
  externalId: z.string().min(1),
  competitionCode: z.string(),
  seasonKey: z.string(),
  round: z.string(),
  group: z.string().nullish(),
  matchNumber: z.number().int().nullish(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  ground: z.string().nullish(),
  kickoffAt: z.date(),
  kickoffTimeKnown: z.boolean().default(true),
  /** When the feed expects the match to be over; past it, a match the feed stops reporting turns abnormal. */
  expectedEndAt: z.date().nullish(),
  status: z.enum(MATCH_STATUSES),
  statusNote: z.string().nullish(),
  period: z.enum(MATCH_PERIODS).default('not_started'),
  minute: z.number().int().min(0).nullish(),
  score: z
    .object({
      fullTime: pair,
      halfTime: pair.nullish(),
      extraTime: pair.nullish(),
      penalties: pair.nullish(),
      periods: z.array(pair).nullish(),
    })
    .nullish(),
  /** When given, replaces every event of the match (the feed's list is the whole truth). */
  events: z.array(matchEventSchema).optional(),
  statistics: z.array(statisticSchema).optional(),
  /** When given, replaces the match's lineups. */
  lineups: z.array(lineupEntrySchema).optional(),
  /** Appended: odds are a history. */
  odds: z.array(oddsSnapshotSchema).optional(),
  replayOf: z.object({ source: z.string(), externalId: z.string(), date: z.string().date() }).nullish(),
});

export const squadPlayerSchema = z.object({
  competitionCode: z.string(),
  seasonKey: z.string(),
  team: z.string(),
  name: z.string().min(1),
  number: z.number().int().nullish(),
  position: z.string().nullish(),
  club: z.string().nullish(),
  clubCountry: z.string().nullish(),
  dateOfBirth: z.string().date().nullish(),
});

export const pointAdjustmentSchema = z.object({
  competitionCode: z.string(),
  seasonKey: z.string(),
  team: z.string(),
  points: z.number().int(),
  reason: z.string().min(1),
});

export const feedBatchSchema = z.object({
  competitions: z.array(competitionInfoSchema).default([]),
  seasons: z.array(seasonInfoSchema).default([]),
  teams: z.array(teamInfoSchema).default([]),
  seasonTeams: z.array(seasonTeamSchema).default([]),
  stadiums: z.array(stadiumInfoSchema).default([]),
  matches: z.array(matchInfoSchema).default([]),
  squadPlayers: z.array(squadPlayerSchema).default([]),
  pointAdjustments: z.array(pointAdjustmentSchema).default([]),
});

export type CompetitionInfo = z.input<typeof competitionInfoSchema>;
export type SeasonInfo = z.input<typeof seasonInfoSchema>;
export type TeamInfo = z.input<typeof teamInfoSchema>;
export type MatchInfo = z.input<typeof matchInfoSchema>;
export type MatchEventInfo = z.infer<typeof matchEventSchema>;
export type StatisticInfo = z.infer<typeof statisticSchema>;
export type LineupEntry = z.infer<typeof lineupEntrySchema>;
export type OddsSnapshotInfo = z.infer<typeof oddsSnapshotSchema>;
export type FeedBatch = z.input<typeof feedBatchSchema>;
export type ParsedFeedBatch = z.output<typeof feedBatchSchema>;

/** A source of match data. `poll` returns what changed since the last call (or everything, the first time). */
export interface FeedProvider {
  /** Stored in `matches.source`; names the feed on every row it owns. */
  readonly source: string;
  poll(now: Date): Promise<FeedBatch> | FeedBatch;
}
