// Follow calls of spec §7 (Social).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { avatarOf } from '@/lib/accounts/avatars';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { followedAnchors, setFollow } from './follows';

export function registerFollowRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Member/attention',
      effect: 'write',
      methods: ['post'],
      tag: 'Social',
      summary: 'Follow (type 1) or unfollow (type 0) an anchor; without type, toggle',
      middleware: [requireUser],
      input: z.object({
        anchor_id: z.coerce.number().int().positive(),
        type: z.coerce
          .number()
          .pipe(z.union([z.literal(0), z.literal(1)]))
          .optional(),
      }),
      output: z.object({ followed: z.boolean(), fans: z.number() }),
    },
    (c, input) =>
      setFollow(
        c.var.db,
        c.var.user!.id,
        input.anchor_id,
        c.var.now,
        input.type === undefined ? undefined : input.type === 1,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/User/attentionList',
      effect: 'read',
      methods: ['get'],
      tag: 'Social',
      summary: 'The anchors the signed-in user follows, live ones first',
      middleware: [requireUser],
      output: z.array(
        z.object({
          anchor_id: z.number(),
          user_nickname: z.string(),
          avatar: z.string(),
          room_id: z.number().nullable(),
          title: z.string(),
          status: z.enum(['idle', 'live', 'ended']),
          heat: z.number(),
        }),
      ),
    },
    async (c) =>
      (await followedAnchors(c.var.db, c.var.user!.id)).map((row) => ({
        anchor_id: row.anchorId,
        user_nickname: row.nickname,
        avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }),
        room_id: row.roomId,
        title: row.title ?? '',
        status: row.status ?? 'idle',
        heat: row.heat ?? 0,
      })),
  );
}
