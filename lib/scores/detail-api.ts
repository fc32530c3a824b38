// Match routes of spec §7: `api/hot_match/msgGetSimple` is a match's live summary (score, clock, status,
// latest events and statistics), which the detail and live screens refetch after a reconnect.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { PG_INT_MAX } from '@/lib/db/row-id';
import { matchLiveSummary } from './detail-service';
import { MATCH_EVENT_KINDS, MATCH_PERIODS, MATCH_STATUSES, SIDES } from './schema';

/** Digits from a form or query become a number; anything else fails with a field message. */
const matchId = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number().int().min(1).max(PG_INT_MAX),
);

export const matchSummaryInput = z.object({
  id: matchId,
  /** How many of the latest events to return. */
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const nullableNumber = z.number().nullable();

export const matchSummaryOutput = z.object({
  match_id: z.number(),
  status: z.enum(MATCH_STATUSES),
  status_note: z.string().nullable(),
  period: z.enum(MATCH_PERIODS),
  minute: nullableNumber,
  home_score: nullableNumber,
  away_score: nullableNumber,
  home_half_score: nullableNumber,
  away_half_score: nullableNumber,
  home_penalty_score: nullableNumber,
  away_penalty_score: nullableNumber,
  source: z.string(),
  replay_of_date: z.string().nullable(),
  updated_at: z.string(),
  events: z.array(
    z.object({
      sequence: z.number(),
      kind: z.enum(MATCH_EVENT_KINDS),
      minute: z.number(),
      offset: nullableNumber,
      side: z.enum(SIDES),
      player_name: z.string().nullable(),
      generated: z.boolean(),
    }),
  ),
  statistics: z.array(
    z.object({ kind: z.string(), home: z.number(), away: z.number(), generated: z.boolean() }),
  ),
});

export type MatchSummary = z.infer<typeof matchSummaryOutput>;

/** The envelope's shape of a live summary; the pages render the same shape the client refetches. */
export function presentSummary({
  match,
  events,
  statistics,
}: Awaited<ReturnType<typeof matchLiveSummary>>): MatchSummary {
  return {
    match_id: match.id,
    status: match.status,
    status_note: match.statusNote,
    period: match.period,
    minute: match.minute,
    home_score: match.homeScore,
    away_score: match.awayScore,
    home_half_score: match.homeHalfTime,
    away_half_score: match.awayHalfTime,
    home_penalty_score: match.homePenalties,
    away_penalty_score: match.awayPenalties,
    source: match.source,
    replay_of_date: match.replayOfDate,
    updated_at: match.updatedAt.toISOString(),
    events: events.map((event) => ({
      sequence: event.sequence,
      kind: event.kind,
      minute: event.minute,
      offset: event.offset,
      side: event.side,
      player_name: event.playerName,
      generated: event.generated,
    })),
    statistics: statistics.map((stat) => ({
      kind: stat.kind,
      home: stat.home,
      away: stat.away,
      generated: stat.generated,
    })),
  };
}

export function registerMatchDetailRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/hot_match/msgGetSimple',
      effect: 'read',
      methods: ['post'],
      tag: 'Scores',
      summary: "A match's live summary: score, clock, status, latest events and statistics",
      input: matchSummaryInput,
      output: matchSummaryOutput,
    },
    async (c, input) => {
      return presentSummary(await matchLiveSummary(c.var.db, input.id, input.limit));
    },
  );
}
