// Operators seal and unseal rooms (spec §3 `sealingStatu`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { sealRoom, unsealRoom } from './seals';

const roomId = z.coerce.number().int().positive().max(2_147_483_647);
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
        reason: z.string().trim().min(1).max(200),
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
      input: z.object({ room_id: roomId }),
      output: sealState,
    },
    (c, input) => unsealRoom(c.var.db, input.room_id, c.var.now),
  );
}
