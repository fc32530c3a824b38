// Staff take a live room's title or cover down from /admin/live (./room-look.ts): one route per part, so
// the audit log reads "审核员 张三 撤下了直播间 #12 的标题：违规广告".
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { REASON_TEXT_MAX } from '@/lib/admin/decision';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as roomId } from '@/lib/api/row-id';
import { announceRoomChange } from '@/lib/live/pushes';
import { ROOM_LOOK_PARTS, type RoomLookPart, takeDownRoomLook } from './room-look';

export const roomLookPath = (part: RoomLookPart) =>
  part === 'title' ? '/api/admin/live/removeTitle' : '/api/admin/live/removeCover';

export function registerRoomLookRoutes(app: OpenAPIHono<AppEnv>) {
  for (const part of ROOM_LOOK_PARTS)
    defineRoute(
      app,
      {
        path: roomLookPath(part),
        effect: 'write',
        methods: ['post'],
        tag: 'Moderation',
        summary:
          part === 'title'
            ? "Take a room's title down (back to the default) with a reason the anchor is told"
            : "Take a room's cover down (back to the anchor's default) with a reason the anchor is told",
        staff: ['moderator'],
        // The reason is checked by the service, with its own messages.
        input: z.object({
          room_id: roomId,
          reason_code: z.string().trim().max(40).optional(),
          reason: z.string().trim().max(REASON_TEXT_MAX).default(''),
        }),
        output: z.object({ room_id: z.number() }),
      },
      async (c, input) => {
        const done = await takeDownRoomLook(c.var.db, {
          roomId: input.room_id,
          part,
          reasonCode: input.reason_code || undefined,
          note: input.reason,
          actorId: c.var.user!.id,
          now: c.var.now,
        });
        auditChange(c, {
          targetType: 'room',
          targetId: done.room_id,
          before: { ...done.before, user_id: done.anchor_id },
          after: { ...done.after, user_id: done.anchor_id },
        });
        // Open rooms refetch their info and show the default at once.
        announceRoomChange(done.room_id);
        return { room_id: done.room_id };
      },
    );
}
