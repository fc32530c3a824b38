// What the live-scores screens show, as one zod schema: the server page renders it, the
// `api/hot_match/all_match` route answers it, and the browser patches it with pushes.
// Zod's browser settings before any schema here parses (this module also runs in the browser).
import '@/lib/zod-browser';
import { z } from 'zod';

export const SCORE_TABS = ['live', 'results', 'schedule', 'favourites'] as const;
export type ScoreTab = (typeof SCORE_TABS)[number];
export const BOARD_SPORTS = ['football', 'basketball', 'esports'] as const;
export type BoardSport = (typeof BOARD_SPORTS)[number];

const pair = z.tuple([z.number(), z.number()]);
const team = z.object({ id: z.number(), name: z.string(), colors: z.tuple([z.string(), z.string()]) });

export const scoreRowSchema = z.object({
  id: z.number(),
  sport: z.enum(BOARD_SPORTS),
  competitionCode: z.string(),
  competitionName: z.string(),
  region: z.string(),
  seasonKey: z.string(),
  round: z.string(),
  /** ISO instant. */
  kickoffAt: z.string(),
  kickoffTimeKnown: z.boolean(),
  status: z.enum(['not_started', 'live', 'finished', 'abnormal']),
  statusNote: z.string().nullable(),
  period: z.string(),
  minute: z.number().nullable(),
  home: team,
  away: team,
  score: pair.nullable(),
  halfTime: pair.nullable(),
  penalties: pair.nullable(),
  /** Basketball quarters or e-sports maps (kills per map). */
  periods: z.array(pair).nullable(),
  cards: z.object({ yellow: pair, red: pair, generated: z.boolean() }).nullable(),
  corners: z.object({ value: pair, generated: z.boolean() }).nullable(),
  /** Latest 1x2 prices in thousandths. */
  odds: z
    .object({ home: z.number(), draw: z.number().nullable(), away: z.number(), generated: z.boolean() })
    .nullable(),
  source: z.string(),
  /** The real match a replay plays again: its date (the fixture is the same teams, season and round). */
  replayOfDate: z.string().nullable(),
  simulated: z.boolean(),
  favourite: z.boolean(),
});
export type ScoreRow = z.infer<typeof scoreRowSchema>;

const option = z.object({ code: z.string(), name: z.string(), count: z.number() });

export const boardSchema = z.object({
  sport: z.enum(BOARD_SPORTS),
  tab: z.enum(SCORE_TABS),
  /** The calendar day shown (results and schedule), in `timeZone`. */
  day: z.string(),
  timeZone: z.string(),
  competitions: z.array(option),
  regions: z.array(option),
  rows: z.array(scoreRowSchema),
  /** Favourites asked for without a session. */
  signInNeeded: z.boolean(),
  /** Matches of the sport under way now (the count on the live tab). */
  liveCount: z.number(),
  /** The sport's next kick-off, for an empty live tab. */
  next: z.object({ kickoffAt: z.string(), home: z.string(), away: z.string(), day: z.string() }).nullable(),
});
export type Board = z.infer<typeof boardSchema>;
export type BoardOption = z.infer<typeof option>;

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The day `offset` days after `day` (plain calendar arithmetic). */
export function shiftDay(day: string, offset: number) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + offset)).toISOString().slice(0, 10);
}
