// Hooks for an external media engine (nginx-rtmp `on_publish`/`on_done`, SRS `on_publish`/`on_unpublish`):
// a 2xx answer lets the push in, 403 refuses it. nginx-rtmp posts a form with `name` and the push's
// query arguments (`key`); SRS posts JSON with `stream` and `param` (`?key=…`). Both are understood.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { ForbiddenError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import type { Db } from '@/lib/db';
import { announceEnd, announceStart } from '@/lib/live/pushes';
import { beginBroadcast, finishBroadcast, openBroadcast, verifyPush } from '@/lib/live/service';

const hookInput = z.object({
  name: z.string().max(64).optional(),
  stream: z.string().max(64).optional(),
  key: z.string().max(200).optional(),
  param: z.string().max(400).optional(),
});

/** The room and key of a hook call, whichever engine sent it. */
function pushOf(input: z.infer<typeof hookInput>) {
  const name = input.name ?? input.stream ?? '';
  const key = input.key ?? new URLSearchParams((input.param ?? '').replace(/^\?/, '')).get('key');
  const roomId = /^\d{1,9}$/.test(name) ? Number(name) : null;
  return { roomId, key };
}

async function checkedRoom(db: Db, input: z.infer<typeof hookInput>, now: Date) {
  const { roomId, key } = pushOf(input);
  const room = roomId === null ? null : await verifyPush(db, roomId, key, now);
  if (!room) throw new ForbiddenError('STREAM_KEY_INVALID');
  return room;
}

const hookOutput = z.object({ room_id: z.number(), broadcast_id: z.number().nullable() });

export function registerMediaHookRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/media/on_publish',
      effect: 'write',
      methods: ['post'],
      tag: 'Media',
      summary: 'External engine: may this push go live? 2xx yes (the room goes live), 403 no',
      input: hookInput,
      output: hookOutput,
    },
    async (c, input) => {
      const room = await checkedRoom(c.var.db, input, c.var.now);
      const broadcast = await beginBroadcast(c.var.db, room.id, c.var.now);
      announceStart(room.id, broadcast.id);
      return { room_id: room.id, broadcast_id: broadcast.id };
    },
  );
  for (const path of ['/api/media/on_done', '/api/media/on_unpublish']) {
    defineRoute(
      app,
      {
        path,
        effect: 'write',
        methods: ['post'],
        tag: 'Media',
        summary: 'External engine: the push ended (the room ends)',
        input: hookInput,
        output: hookOutput,
      },
      async (c, input) => {
        const room = await checkedRoom(c.var.db, input, c.var.now);
        const open = await openBroadcast(c.var.db, room.id);
        if (open) {
          await finishBroadcast(c.var.db, open.id, null, c.var.now);
          announceEnd(room.id, open.id);
        }
        return { room_id: room.id, broadcast_id: open?.id ?? null };
      },
    );
  }
}
