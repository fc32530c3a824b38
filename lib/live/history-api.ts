// Watch history and anchor experience calls of spec §7 (Social): `api/User/watchlistList`,
// `api/User/anchorExperienceList`, and forgetting watched rooms.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { RECORD_MONTHS } from '@/lib/time/record-window';
import { anchorExperience, forgetWatched, watchedRooms } from './history';
import { ensureRoom } from './service';

export function registerHistoryRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/User/watchlistList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Social',
      summary: `Rooms the signed-in user watched in the last ${RECORD_MONTHS} months, most recent first`,
      middleware: [requireUser],
      input: z.object({ size: z.coerce.number().int().min(1).max(100).default(40) }),
      output: z.object({
        list: z.array(
          z.object({
            room_id: z.number(),
            title: z.string(),
            cover: z.string().nullable(),
            status: z.enum(['idle', 'live', 'ended']),
            heat: z.number(),
            anchor: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }),
            watched_at: z.date(),
          }),
        ),
      }),
    },
    async (c, input) => ({
      list: (await watchedRooms(c.var.db, c.var.user!.id, c.var.now, input.size)).map((row) => ({
        room_id: row.id,
        title: row.title,
        cover: row.coverUrl || null,
        status: row.status,
        heat: row.heat,
        anchor: { id: row.anchorId, nickname: row.nickname, avatar: row.avatar },
        watched_at: row.watchedAt,
      })),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/User/watchlistDelete',
      effect: 'write',
      methods: ['post'],
      tag: 'Social',
      summary: 'Forgets one watched room (room_id), or the whole watch history (no room_id)',
      middleware: [requireUser],
      input: z.object({ room_id: z.coerce.number().int().positive().optional() }),
      output: z.object({ removed: z.number() }),
    },
    async (c, input) => ({ removed: await forgetWatched(c.var.db, c.var.user!.id, input.room_id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/User/anchorExperienceList',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Social',
      summary: `The anchor's finished broadcasts of the last ${RECORD_MONTHS} months and the experience each earned (1.0 an hour on air, in steps of 0.1)`,
      middleware: [requireAnchor],
      output: z.object({
        total: z.number(),
        list: z.array(
          z.object({
            broadcast_id: z.number(),
            title: z.string(),
            started_at: z.date(),
            ended_at: z.date(),
            minutes: z.number(),
            experience: z.number(),
          }),
        ),
      }),
    },
    async (c) => {
      const room = await ensureRoom(c.var.db, c.var.user!.id);
      const { records, totalTenths } = await anchorExperience(c.var.db, room.id, c.var.now);
      return {
        total: totalTenths / 10,
        list: records.map((record) => ({
          broadcast_id: record.broadcastId,
          title: record.title,
          started_at: record.startedAt,
          ended_at: record.endedAt,
          minutes: record.minutes,
          experience: record.tenths / 10,
        })),
      };
    },
  );
}
