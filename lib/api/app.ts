// The API: one hono app behind app/api/[[...route]], holding every domain's routes, the session
// middleware, the single error mapper, and the OpenAPI document.
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { registerAccountRoutes } from '@/lib/accounts/api';
import { registerAuthRoutes } from '@/lib/accounts/auth-api';
import { registerProfileRoutes } from '@/lib/accounts/profile-api';
import type { Db } from '@/lib/db';
import { localeOfRequest, translator } from '@/lib/i18n/translate';
import { registerAdultRoutes } from '@/lib/live/adult-api';
import { registerLiveRoutes } from '@/lib/live/api';
import { registerApplicationRoutes } from '@/lib/live/applications-api';
import { registerFollowRoutes } from '@/lib/live/follows-api';
import { registerHistoryRoutes } from '@/lib/live/history-api';
import { registerReservationRoutes } from '@/lib/live/reservations-api';
import { registerRoomExtrasRoutes } from '@/lib/live/room-extras-api';
import { registerRoomListRoutes } from '@/lib/live/rooms-api';
import { log } from '@/lib/log';
import { registerMediaHookRoutes } from '@/lib/media/api';
import { registerModerationRoutes } from '@/lib/moderation/api';
import { registerPostRoutes } from '@/lib/posts/api';
import { registerScoresRoutes } from '@/lib/scores/api';
import { registerDatabaseRoutes } from '@/lib/scores/database-api';
import { registerMatchDetailRoutes } from '@/lib/scores/detail-api';
import { registerLiveScoresRoutes } from '@/lib/scores/live-api';
import { registerStorageRoutes } from '@/lib/storage/api';
import { registerSystemRoutes } from '@/lib/system/api';
import { sessionMiddleware } from './auth';
import type { AppEnv } from './context';
import { registerDocs } from './docs';
import { CODE, DomainError, ValidationError } from './errors';
import { domainMessage, validationMessage } from './messages';

export function createApiApp(deps: { db: () => Db }) {
  // Paths are the spec's contract and are matched whatever their case: routes register lower-case.
  const app = new OpenAPIHono<AppEnv>({ getPath: (request) => new URL(request.url).pathname.toLowerCase() });

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const locale = localeOfRequest(c.req.raw.headers);
    c.set('locale', locale);
    c.set('t', translator(locale));
    c.set('db', deps.db());
    await next();
  });
  app.use('*', sessionMiddleware);

  app.onError((error, c) => {
    const t = c.var.t ?? translator(localeOfRequest(c.req.raw.headers));
    if (error instanceof ValidationError) {
      return c.json({ code: CODE.ERROR, msg: validationMessage(t, error), data: null }, 400);
    }
    if (error instanceof DomainError) {
      const code = error.code === 'LOGIN_REQUIRED' ? CODE.LOGIN_REQUIRED : CODE.ERROR;
      return c.json({ code, msg: domainMessage(t, error), data: null }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ code: CODE.ERROR, msg: t('errors.BAD_REQUEST'), data: null }, error.status);
    }
    const id = c.var.requestId;
    log.error({ err: error, requestId: id, path: c.req.path }, 'unhandled API error');
    return c.json({ code: CODE.ERROR, msg: t('errors.INTERNAL'), data: { requestId: id } }, 500);
  });
  app.notFound((c) => c.json({ code: CODE.ERROR, msg: c.var.t('errors.NOT_FOUND'), data: null }, 404));

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
  registerDocs(app);
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
