// Home-page match lists (spec §7 `api/hot_match/*`, `api/universal/getHot`) and the databases' reads
// for the clients and the mobile app. Names in `*_zh` fields follow the reader's language, as in
// `api/Football/season_table`.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { competitionDirectory, homeMatchBoard, hotMatches, type PresentedMatch } from './database-service';
import { SPORTS } from './schema';
import { FORM_WINDOWS, recentForm, teamPage } from './service';

export const matchItem = z.object({
  match_id: z.number(),
  sport: z.enum(SPORTS),
  competition_code: z.string(),
  competition_name_zh: z.string(),
  round: z.string(),
  kickoff_time: z.string(),
  status: z.string(),
  period: z.string(),
  minute: z.number().nullable(),
  home_team_id: z.number(),
  home_team_name_zh: z.string(),
  home_team_color: z.string(),
  away_team_id: z.number(),
  away_team_name_zh: z.string(),
  away_team_color: z.string(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  home_penalties: z.number().nullable(),
  away_penalties: z.number().nullable(),
  /** `openfootball` (a record), `replay` (a recorded match played again today) or `simulated`. */
  source: z.string(),
  /** For a replay: the day the original match was played. */
  replay_of_date: z.string().nullable(),
});

export function toMatchItem(match: PresentedMatch): z.input<typeof matchItem> {
  return {
    match_id: match.id,
    sport: match.sport,
    competition_code: match.competitionCode,
    competition_name_zh: match.competitionName,
    round: match.round,
    kickoff_time: match.kickoffAt.toISOString(),
    status: match.status,
    period: match.period,
    minute: match.minute,
    home_team_id: match.homeTeam.id,
    home_team_name_zh: match.homeTeam.name,
    home_team_color: match.homeTeam.crestColors[0],
    away_team_id: match.awayTeam.id,
    away_team_name_zh: match.awayTeam.name,
    away_team_color: match.awayTeam.crestColors[0],
    home_score: match.homeScore,
    away_score: match.awayScore,
    home_penalties: match.homePenalties,
    away_penalties: match.awayPenalties,
    source: match.source,
    replay_of_date: match.replayOfDate,
  };
}

const limitInput = z.coerce.number().int().min(1).max(20).optional();

export const hotMatchInput = z.object({ limit: limitInput });
export const initialListInput = z.object({ sport: z.enum(SPORTS).optional(), limit: limitInput });
export const competitionsInput = z.object({ sport: z.enum(SPORTS).default('football') });
export const teamInput = z.object({
  id: z.coerce.number().int().positive(),
  /** Recent form window (spec §9): 5, 6, 10 or 15 matches. */
  form: z.coerce
    .number()
    .int()
    .refine((value) => (FORM_WINDOWS as readonly number[]).includes(value), 'form must be 5, 6, 10 or 15')
    .default(5),
});

export function registerDatabaseRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/hot_match/recommend',
      effect: 'read',
      methods: ['get'],
      tag: 'Home',
      summary: 'Headline matches: those under way, then the next to start',
      input: hotMatchInput,
      output: z.object({ list: z.array(matchItem) }),
    },
    async (c, input) => ({
      list: (await hotMatches(c.var.db, c.var.locale, c.var.now, input.limit ?? 6)).map(toMatchItem),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/hot_match/initial_list',
      effect: 'read',
      methods: ['get'],
      tag: 'Home',
      summary: "The home page's first match lists: live, not started, finished today, latest real results",
      input: initialListInput,
      output: z.object({
        live: z.array(matchItem),
        not_started: z.array(matchItem),
        finished: z.array(matchItem),
        results: z.array(matchItem),
      }),
    },
    async (c, input) => {
      const board = await homeMatchBoard(c.var.db, c.var.locale, c.var.now, 60);
      const pick = (list: PresentedMatch[]) =>
        list
          .filter((match) => !input.sport || match.sport === input.sport)
          .slice(0, input.limit ?? 10)
          .map(toMatchItem);
      return {
        live: pick(board.live),
        not_started: pick(board.upcoming),
        finished: pick(board.finishedToday),
        results: pick(board.recentResults),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/universal/getHot',
      effect: 'read',
      methods: ['get'],
      tag: 'Home',
      summary: 'Hot content of the home page (spec: returns hot_match)',
      input: hotMatchInput,
      output: z.object({ hot_match: z.array(matchItem) }),
    },
    async (c, input) => ({
      hot_match: (await hotMatches(c.var.db, c.var.locale, c.var.now, input.limit ?? 6)).map(toMatchItem),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/database/competitions',
      effect: 'read',
      methods: ['get'],
      tag: 'Database',
      summary: 'Competitions of a sport with their seasons, grouped by country or region',
      input: competitionsInput,
      output: z.object({
        list: z.array(
          z.object({
            region: z.string(),
            competitions: z.array(
              z.object({
                code: z.string(),
                name_zh: z.string(),
                kind: z.string(),
                simulated: z.boolean(),
                seasons: z.array(z.string()),
              }),
            ),
          }),
        ),
      }),
    },
    async (c, input) => ({
      list: (await competitionDirectory(c.var.db, input.sport, c.var.locale)).map((group) => ({
        region: group.region,
        competitions: group.competitions.map((competition) => ({
          code: competition.code,
          name_zh: competition.name,
          kind: competition.kind,
          simulated: competition.simulated,
          seasons: competition.seasons,
        })),
      })),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/database/team',
      effect: 'read',
      methods: ['get'],
      tag: 'Database',
      summary: 'A team: its competitions, recent form, last and next matches, and its tournament squad',
      input: teamInput,
      output: z.object({
        id: z.number(),
        name_zh: z.string(),
        country_code: z.string().nullable(),
        is_national: z.boolean(),
        simulated: z.boolean(),
        color: z.string(),
        competitions: z.array(
          z.object({ competition_code: z.string(), competition_name_zh: z.string(), season: z.string() }),
        ),
        form: z.array(z.enum(['W', 'D', 'L'])),
        recent: z.array(matchItem),
        upcoming: z.array(matchItem),
        squad: z.array(
          z.object({
            name: z.string(),
            number: z.number().nullable(),
            position: z.string().nullable(),
            club: z.string().nullable(),
          }),
        ),
      }),
    },
    async (c, input) => {
      const page = await teamPage(c.var.db, input.id, c.var.locale, c.var.now);
      const form = await recentForm(
        c.var.db,
        input.id,
        input.form as (typeof FORM_WINDOWS)[number],
        c.var.locale,
      );
      const latestSquadSeason = page.squad[0]?.seasonId;
      return {
        id: page.id,
        name_zh: page.name,
        country_code: page.countryCode,
        is_national: page.isNational,
        simulated: page.simulated,
        color: page.crestColors[0],
        competitions: page.competitions.map((entry) => ({
          competition_code: entry.competitionCode,
          competition_name_zh: entry.competitionName,
          season: entry.seasonKey,
        })),
        form: form.form,
        recent: page.recent.map(toMatchItem),
        upcoming: page.upcoming.map(toMatchItem),
        squad: page.squad
          .filter((player) => player.seasonId === latestSquadSeason)
          .map((player) => ({
            name: player.name,
            number: player.number,
            position: player.position,
            club: player.club,
          })),
      };
    },
  );
}
