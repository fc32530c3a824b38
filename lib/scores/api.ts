// Scores routes of spec §7. The spec's `*_zh` fields carry the name in the reader's language
// (zh-CN unless the request asks for another), falling back to the source's own name.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { localName, seasonStandings } from './service';

export const seasonTableInput = z
  .object({
    competition_id: z.coerce.number().int().positive().optional(),
    /** A competition code such as `en.1`, `de.1` or `worldcup`. */
    competition: z.string().trim().min(1).max(40).optional(),
    season_id: z.coerce.number().int().positive().optional(),
    /** `2024-25`, `2025`, `2022`; the latest season when absent. */
    season: z
      .string()
      .trim()
      .regex(/^\d{4}(-\d{2})?$/)
      .optional(),
    /** Only this group of a tournament, e.g. `Group A`. */
    group: z.string().trim().min(1).max(40).optional(),
  })
  .refine((input) => input.competition_id || input.competition || input.season_id, {
    path: ['competition'],
    message: 'competition, competition_id or season_id is required',
  });

const tableRow = z.object({
  rank: z.number(),
  team_id: z.number(),
  team_name_zh: z.string(),
  team_color: z.string(),
  played: z.number(),
  win: z.number(),
  draw: z.number(),
  loss: z.number(),
  goals: z.number(),
  against: z.number(),
  goal_diff: z.number(),
  points: z.number(),
  deduct_points: z.number(),
  form: z.array(z.enum(['W', 'D', 'L'])),
});

export const seasonTableOutput = z.object({
  competition_id: z.number(),
  competition_code: z.string(),
  competition_name_zh: z.string(),
  season_id: z.number(),
  season: z.string(),
  groups: z.array(z.object({ group_name: z.string().nullable(), list: z.array(tableRow) })),
  adjustments: z.array(z.object({ team_id: z.number(), points: z.number(), reason: z.string() })),
});

export function registerScoresRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Football/season_table',
      effect: 'read',
      methods: ['get'],
      tag: 'Scores',
      summary: 'Standings of a season (one table, or one per group), computed from results and deductions',
      input: seasonTableInput,
      output: seasonTableOutput,
    },
    async (c, input) => {
      const standings = await seasonStandings(
        c.var.db,
        {
          competitionId: input.competition_id,
          competitionCode: input.competition,
          seasonId: input.season_id,
          seasonKey: input.season,
        },
        c.var.locale,
      );
      const groups = input.group
        ? standings.groups.filter((group) => group.group === input.group)
        : standings.groups;
      return {
        competition_id: standings.competition.id,
        competition_code: standings.competition.code,
        competition_name_zh: localName(
          standings.competition.names,
          standings.competition.sourceName,
          c.var.locale,
        ),
        season_id: standings.season.id,
        season: standings.season.key,
        groups: groups.map((group) => ({
          group_name: group.group,
          list: group.rows.map((row) => ({
            rank: row.position,
            team_id: row.teamId,
            team_name_zh: row.teamName,
            team_color: row.crestColors[0],
            played: row.played,
            win: row.won,
            draw: row.drawn,
            loss: row.lost,
            goals: row.goalsFor,
            against: row.goalsAgainst,
            goal_diff: row.goalDifference,
            points: row.points,
            deduct_points: row.adjustment,
            form: row.form,
          })),
        })),
        adjustments: standings.adjustments.map((adjustment) => ({
          team_id: adjustment.teamId,
          points: adjustment.points,
          reason: adjustment.reason,
        })),
      };
    },
  );
}
