// Operators seal and unseal rooms (spec §3 `sealingStatu`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as roomId } from '@/lib/api/row-id';
import { SANCTION_REASONS } from '@/lib/review/reasons';
import { liveRoomsNow, orderRooms } from './live-rooms';
import { sealRoom, unsealRoom } from './seals';

const sealState = z.object({
  room_id: z.number(),
  sealed: z.boolean(),
  reason: z.string().nullable(),
  until: z.date().nullable(),
});

export function registerSealRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/live/seal',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary:
        'Seal a room for a reason, for some hours or (hours omitted) until lifted; a live room ends now',
      staff: ['moderator'],
      input: z.object({
        room_id: roomId,
        /** What viewers are shown (the console sends its code's words and the moderator's own). */
        reason: z.string().trim().min(1).max(200),
        /** The console's reason code, kept in the audit log. */
        reason_code: z.enum(SANCTION_REASONS).optional(),
        hours: z.coerce
          .number()
          .int()
          .min(1)
          .max(24 * 365)
          .optional(),
      }),
      output: sealState,
    },
    (c, input) =>
      sealRoom(c.var.db, { roomId: input.room_id, reason: input.reason, hours: input.hours }, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/live/unseal',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: "Lift a room's seal",
      staff: ['moderator'],
      input: z.object({
        room_id: roomId,
        reason_code: z.string().trim().max(40).optional(),
        reason: z.string().trim().max(500).optional(),
      }),
      output: sealState,
    },
    (c, input) => unsealRoom(c.var.db, input.room_id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/live/rooms',
      effect: 'read',
      methods: ['get'],
      tag: 'Moderation',
      summary:
        'Rooms on air now with viewers and stream health (bitrate, fps, keyframe interval, uptime), and sealed rooms',
      staff: ['moderator'],
      output: z.object({
        list: z.array(
          z.object({
            id: z.number(),
            title: z.string(),
            anchor_id: z.number(),
            anchor: z.string(),
            live: z.boolean(),
            live_since: z.date().nullable(),
            viewers: z.number(),
            heat: z.number(),
            sealed: z.boolean(),
            seal_reason: z.string().nullable(),
            sealed_until: z.date().nullable(),
            health: z
              .object({
                bitrate_kbps: z.number().nullable(),
                fps: z.number().nullable(),
                keyframe_interval_s: z.number().nullable(),
                width: z.number().nullable(),
                height: z.number().nullable(),
                uptime_s: z.number().nullable(),
              })
              .nullable(),
          }),
        ),
      }),
    },
    async (c) => ({ list: orderRooms(await liveRoomsNow(c.var.db, c.var.now)) }),
  );
}
