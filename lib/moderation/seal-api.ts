// Operators seal and unseal rooms (spec §3 `sealingStatu`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { rowId as roomId } from '@/lib/api/row-id';
import { LIFT_REASONS, SANCTION_REASONS } from '@/lib/review/reasons';
import { liveRoomsNow, orderRooms } from './live-rooms';
import { sealRoom, unsealRoom } from './seals';

const sealState = z.object({
  room_id: z.number(),
  sealed: z.boolean(),
  reason_code: z.string().nullable(),
  reason: z.string().nullable(),
  until: z.date().nullable(),
});

/** The seal's route: a seal taken from a report case is audited as one taken here. */
export const SEAL_PATH = '/api/admin/live/seal';

export function registerSealRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: SEAL_PATH,
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary:
        'Seal a room for a reason, for some hours or (hours omitted) until lifted; a live room ends now',
      staff: ['moderator'],
      input: z.object({
        room_id: roomId,
        /** Why: viewers and the anchor read the code in their own language… */
        reason_code: z.enum(SANCTION_REASONS).optional(),
        /** …and the moderator's own words, as written (required with `other` or without a code). */
        reason: z.string().trim().max(200).optional(),
        hours: z.coerce
          .number()
          .int()
          .min(1)
          .max(24 * 365)
          .optional(),
      }),
      output: sealState,
    },
    (c, input) => {
      if ((!input.reason_code || input.reason_code === 'other') && !input.reason)
        throw new DomainError('REVIEW_NOTE_REQUIRED');
      return sealRoom(
        c.var.db,
        { roomId: input.room_id, reasonCode: input.reason_code, reason: input.reason, hours: input.hours },
        c.var.now,
      );
    },
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
        reason_code: z.enum(LIFT_REASONS).optional(),
        reason: z.string().trim().max(500).optional(),
      }),
      output: sealState,
    },
    (c, input) => {
      if (input.reason_code === 'other' && !input.reason) throw new DomainError('REVIEW_NOTE_REQUIRED');
      return unsealRoom(c.var.db, input.room_id, c.var.now, {
        reasonCode: input.reason_code,
        reason: input.reason,
      });
    },
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
            /** Empty: the anchor's default cover. */
            cover: z.string(),
            anchor_id: z.number(),
            anchor: z.string(),
            live: z.boolean(),
            live_since: z.date().nullable(),
            viewers: z.number(),
            heat: z.number(),
            sealed: z.boolean(),
            seal_reason: z.string().nullable(),
            seal_reason_code: z.string().nullable(),
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
