// The live room's extras of spec §7: binding the room to a match (`api/Live/setLiveInfo`), the matches
// an anchor may bind (`api/live/bindableMatches`) and a room's recommended videos
// (`api/live/recommendVideos`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireAnchor } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { SPORTS } from '@/lib/scores/schema';
import { BINDABLE_LIMIT, bindableMatches, presentBindable, setLiveInfo } from './match-binding';
import { thenAnnounce } from './pushes';
import { RECOMMEND_LIMIT_MAX, recommendVideos } from './recommendations';
import { TITLE_MAX } from './service';

/** A match id, or null / an empty form field / 0 to unbind. */
const matchChoice = z.preprocess(
  (value) => (value === '' || value === 'null' || value === 0 || value === '0' ? null : value),
  id.nullable(),
);

const side = z.object({ name: z.string(), colors: z.tuple([z.string(), z.string()]) });

export const bindableMatchSchema = z.object({
  id: z.number(),
  sport: z.enum(SPORTS),
  competition: z.string(),
  home: side,
  away: side,
  kickoff_at: z.string(),
  status: z.enum(['not_started', 'live', 'finished', 'abnormal']),
  minute: z.number().nullable(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  /** A record of a real match, a replay of one played before, or a simulated match. */
  kind: z.enum(['record', 'replay', 'simulated']),
  replay_of: z.object({ fixture: z.string(), kickoff_at: z.string() }).nullable(),
});

const recommendedSchema = z.object({
  broadcast_id: z.number(),
  room_id: z.number(),
  title: z.string(),
  cover: z.string().nullable(),
  own_room: z.boolean(),
  anchor: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }),
  started_at: z.date(),
  duration_seconds: z.number(),
  peak_viewers: z.number(),
  href: z.string(),
});

export function registerRoomExtrasRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Live/setLiveInfo',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary:
        'Bind the room to a match live now or not started (`match_id`), or unbind it (null); optionally the title',
      middleware: [requireAnchor],
      input: z.object({
        match_id: matchChoice,
        title: z.string().trim().min(1).max(TITLE_MAX).optional(),
      }),
      output: z.object({ room_id: z.number(), match_id: z.number().nullable(), title: z.string() }),
    },
    (c, input) =>
      thenAnnounce(setLiveInfo(c.var.db, c.var.user!.id, { matchId: input.match_id, title: input.title })),
  );

  defineRoute(
    app,
    {
      path: '/api/live/bindableMatches',
      effect: 'read',
      methods: ['get'],
      tag: 'Live',
      summary:
        'Matches an anchor may bind: live now or kicking off within 3 days, searchable by team or competition',
      middleware: [requireAnchor],
      input: z.object({
        sport: z.enum(SPORTS).optional(),
        q: z.string().trim().max(40).optional(),
      }),
      output: z.object({ list: z.array(bindableMatchSchema) }),
    },
    async (c, input) => {
      const list = await bindableMatches(c.var.db, c.var.locale, {
        sport: input.sport,
        q: input.q,
        limit: BINDABLE_LIMIT,
        now: c.var.now,
      });
      return { list: list.map(presentBindable) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/recommendVideos',
      effect: 'read',
      methods: ['get'],
      tag: 'Live',
      summary:
        "A room's recommended videos: replays of this anchor and of rooms of the same category, most watched and recent first",
      input: z.object({
        room_id: id,
        limit: z.coerce.number().int().min(1).max(RECOMMEND_LIMIT_MAX).default(8),
        /** The replay the viewer is watching, left out of the list. */
        exclude: id.optional(),
      }),
      output: z.object({ room_id: z.number(), list: z.array(recommendedSchema) }),
    },
    async (c, input) => ({
      room_id: input.room_id,
      list: await recommendVideos(c.var.db, input.room_id, {
        limit: input.limit,
        exclude: input.exclude,
        now: c.var.now,
      }),
    }),
  );
}
