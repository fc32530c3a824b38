// Moderation calls: the kicked-out list loaded at start-up (spec §7), and reports, seals, kick-outs and
// the console's content lists from their own files.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { registerContentRoutes } from './content-api';
import { registerKickoutRoutes } from './kickout-api';
import { registerReportRoutes } from './reports-api';
import { registerRoomLookRoutes } from './room-look-api';
import { registerSealRoutes } from './seal-api';
import { listKickedRoomIds } from './service';

export function registerModerationRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/universal/kickedRooms',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'Rooms the current viewer is kicked out of (empty for guests)',
      output: z.object({ list: z.array(z.number()) }),
    },
    async (c) => ({ list: c.var.user ? await listKickedRoomIds(c.var.db, c.var.user.id, c.var.now) : [] }),
  );
  registerReportRoutes(app);
  registerSealRoutes(app);
  registerRoomLookRoutes(app);
  registerKickoutRoutes(app);
  registerContentRoutes(app);
}
