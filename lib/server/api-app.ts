// The composition root of the API: the framework's app (lib/api) plus every domain's routes and the
// OpenAPI document. A new domain adds one import and one line here; domains never import this file.

import { registerAccountRoutes } from '@/lib/accounts/api';
import { registerAuthRoutes } from '@/lib/accounts/auth-api';
import { registerProfileRoutes } from '@/lib/accounts/profile-api';
import { findSessionUser } from '@/lib/accounts/session';
import { createBaseApp } from '@/lib/api/app';
import type { Clock } from '@/lib/api/context';
import { registerDocs } from '@/lib/api/docs';
import { registerChatRoutes } from '@/lib/chat/api';
import { registerCircleRoutes } from '@/lib/circles/api';
import type { Db } from '@/lib/db';
import { registerGiftRoutes } from '@/lib/gifts/api';
import { registerAdultRoutes } from '@/lib/live/adult-api';
import { registerLiveRoutes } from '@/lib/live/api';
import { registerApplicationRoutes } from '@/lib/live/applications-api';
import { registerFollowRoutes } from '@/lib/live/follows-api';
import { registerHistoryRoutes } from '@/lib/live/history-api';
import { registerReservationRoutes } from '@/lib/live/reservations-api';
import { registerRoomExtrasRoutes } from '@/lib/live/room-extras-api';
import { registerRoomListRoutes } from '@/lib/live/rooms-api';
import { registerMediaHookRoutes } from '@/lib/media/api';
import { registerModerationRoutes } from '@/lib/moderation/api';
import { registerNewsRoutes } from '@/lib/news/api';
import { registerPostRoutes } from '@/lib/posts/api';
import { registerPromoRoutes } from '@/lib/promos/api';
import { registerScoresRoutes } from '@/lib/scores/api';
import { registerDatabaseRoutes } from '@/lib/scores/database-api';
import { registerMatchDetailRoutes } from '@/lib/scores/detail-api';
import { registerLiveScoresRoutes } from '@/lib/scores/live-api';
import { registerStorageRoutes } from '@/lib/storage/api';
import { registerSystemRoutes } from '@/lib/system/api';
import { registerCspReportRoutes } from '@/lib/system/csp-report-api';
import { registerWalletRoutes } from '@/lib/wallet/api';

export function createApiApp(deps: { db: () => Db; clock?: Clock }) {
  const app = createBaseApp({ ...deps, findSessionUser });
  registerSystemRoutes(app);
  registerAccountRoutes(app);
  registerAuthRoutes(app);
  registerProfileRoutes(app);
  registerModerationRoutes(app);
  registerStorageRoutes(app);
  registerApplicationRoutes(app);
  registerAdultRoutes(app);
  registerFollowRoutes(app);
  registerScoresRoutes(app);
  registerLiveScoresRoutes(app);
  registerMatchDetailRoutes(app);
  registerDatabaseRoutes(app);
  registerLiveRoutes(app);
  registerReservationRoutes(app);
  registerRoomListRoutes(app);
  registerHistoryRoutes(app);
  registerRoomExtrasRoutes(app);
  registerMediaHookRoutes(app);
  registerPostRoutes(app);
  registerCspReportRoutes(app);
  registerNewsRoutes(app);
  registerChatRoutes(app);
  registerWalletRoutes(app);
  registerGiftRoutes(app);
  registerCircleRoutes(app);
  registerPromoRoutes(app);
  registerDocs(app);
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
