// Live-scores routes of spec §7: the board a scores page refetches (`api/hot_match/all_match`), a
// match's key events for an expanded row (`api/hot_match/matchBrief`), and favourites
// (`api/Basketballuser/collect`, and `api/Footballuser/collect` for the /football page's football and
// e-sports matches).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { isTimeZone, readerTimeZone } from '@/lib/time/zone';
import { BOARD_SPORTS, type BoardSport, boardSchema, DAY_PATTERN, SCORE_TABS } from './board-schema';
import { matchBrief, scoreBoard, toggleFavourite } from './live-service';
import { MATCH_EVENT_KINDS, SIDES } from './schema';

export const allMatchInput = z.object({
  sport: z.enum(BOARD_SPORTS).default('football'),
  tab: z.enum(SCORE_TABS).default('live'),
  /** `YYYY-MM-DD` in `time_zone`; today when absent. */
  day: z.string().regex(DAY_PATTERN).optional(),
  /**
   * IANA zone of the reader; absent, the zone the signed-in viewer chose, else the `tz` cookie, else the
   * portal's TIME_ZONE.
   */
  time_zone: z.string().max(64).refine(isTimeZone, 'unknown time zone').optional(),
  /** A competition code such as `en.1` or `worldcup`. */
  competition: z.string().trim().min(1).max(40).optional(),
  /** A region code of the data (`de`, `gb-eng`, `eu`, `world`). */
  region: z.string().trim().min(1).max(20).optional(),
});

const matchIdInput = z.object({ match_id: z.coerce.number().int().positive() });

const briefOutput = z.object({
  matchId: z.number(),
  sport: z.enum(BOARD_SPORTS),
  events: z.array(
    z.object({
      kind: z.enum(MATCH_EVENT_KINDS),
      minute: z.number(),
      offset: z.number().nullable(),
      side: z.enum(SIDES),
      playerName: z.string().nullable(),
      generated: z.boolean(),
    }),
  ),
  statistics: z.array(
    z.object({ kind: z.string(), home: z.number(), away: z.number(), generated: z.boolean() }),
  ),
});

const collectOutput = z.object({ match_id: z.number(), collected: z.boolean() });

const COLLECT_ROUTES: { path: string; sports: readonly BoardSport[]; summary: string }[] = [
  {
    path: '/api/Basketballuser/collect',
    sports: ['basketball'],
    summary: 'Stars or unstars a basketball match for the signed-in user',
  },
  {
    path: '/api/Footballuser/collect',
    sports: ['football', 'esports'],
    summary: 'Stars or unstars a football or e-sports match (the /football page) for the signed-in user',
  },
];

export function registerLiveScoresRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/hot_match/all_match',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Scores',
      summary: 'One tab of a live-scores page (live, results or schedule of a day, favourites)',
      input: allMatchInput,
      output: boardSchema,
    },
    (c, input) =>
      scoreBoard(
        c.var.db,
        {
          sport: input.sport,
          tab: input.tab,
          day: input.day,
          timeZone:
            input.time_zone ??
            readerTimeZone(
              { chosen: c.var.user?.timeZone, cookieHeader: c.req.header('cookie') },
              getConfig().TIME_ZONE,
            ),
          competition: input.competition,
          region: input.region,
          userId: c.var.user?.id ?? null,
        },
        c.var.locale,
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/hot_match/matchBrief',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Scores',
      summary: 'Key events and statistics of one match, for an expanded row of the scores list',
      input: matchIdInput,
      output: briefOutput,
    },
    (c, input) => matchBrief(c.var.db, input.match_id),
  );

  for (const route of COLLECT_ROUTES) {
    defineRoute(
      app,
      {
        path: route.path,
        effect: 'write',
        methods: ['post'],
        tag: 'Scores',
        summary: route.summary,
        input: matchIdInput,
        output: collectOutput,
        middleware: [requireUser],
      },
      async (c, input) => ({
        match_id: input.match_id,
        collected: await toggleFavourite(c.var.db, c.var.user!.id, input.match_id, route.sports),
      }),
    );
  }
}
