// The API framework's hono app: request id, language, session and the one error mapper. It knows no
// domain; the composition root (lib/server/api-app.ts) adds every domain's routes to it.
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { getConfig } from '@/lib/config';
import type { Db } from '@/lib/db';
import { clientAddress } from '@/lib/http/client-address';
import type { Locale } from '@/lib/i18n/routing';
import { localeOfRequest, translator } from '@/lib/i18n/translate';
import { log } from '@/lib/log';
import { observeRequest } from '@/lib/ops/metrics';
import { acceptedLanguages } from '@/lib/time/format-locale';
import { isTimeZone, zoneOfCookieHeader } from '@/lib/time/zone';
import { type FindSessionUser, sessionMiddleware } from './auth';
import type { AppEnv, AuditWriter, Clock } from './context';
import { CODE, DomainError, ValidationError } from './errors';
import { domainMessage, validationMessage } from './messages';

/** The zone and languages a refusal's times are written for: the reader's chosen zone, the `tz` cookie, the portal's. */
function readerView(headers: Headers, locale: Locale | undefined, chosen: string | null | undefined) {
  const portal = getConfig().TIME_ZONE;
  return {
    locale: locale ?? localeOfRequest(headers),
    languages: acceptedLanguages(headers.get('accept-language')),
    timeZone: chosen && isTimeZone(chosen) ? chosen : zoneOfCookieHeader(headers.get('cookie'), portal),
  };
}

/** The wall clock: the one place the API reads it. Tests pass a fixed instant instead (`clock`). */
export const systemClock: Clock = () => new Date();

export function createBaseApp(deps: {
  db: () => Db;
  /** A read replica for 'read' routes; the primary when absent. */
  readDb?: () => Db;
  findSessionUser: FindSessionUser;
  clock?: Clock;
  audit?: AuditWriter;
}) {
  const clock = deps.clock ?? systemClock;
  // Paths are the spec's contract and are matched whatever their case: routes register lower-case.
  const app = new OpenAPIHono<AppEnv>({ getPath: (request) => new URL(request.url).pathname.toLowerCase() });

  // Latency of every request, by the declared route that matched (`unmatched` for unknown paths).
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    // Raw hono routes (docs, payment notifications…) are named by their registered path; only the
    // catch-all middleware matched an unknown path.
    const raw = routePath(c, -1);
    const route = c.var.route ?? (raw && !raw.endsWith('*') ? raw : 'unmatched');
    observeRequest(route, c.req.method, c.res.status, (performance.now() - started) / 1000);
  });
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const locale = localeOfRequest(c.req.raw.headers);
    c.set('locale', locale);
    c.set('t', translator(locale));
    c.set('db', deps.db());
    c.set('readDb', deps.readDb?.() ?? c.var.db);
    // One instant per request: every service the handler calls is given this `now`.
    c.set('now', clock());
    if (deps.audit) c.set('audit', deps.audit);
    await next();
  });
  app.use('*', sessionMiddleware(deps.findSessionUser));

  app.onError((error, c) => {
    const t = c.var.t ?? translator(localeOfRequest(c.req.raw.headers));
    if (error instanceof ValidationError) {
      return c.json({ code: CODE.ERROR, msg: validationMessage(t, error), data: null }, 400);
    }
    if (error instanceof DomainError) {
      const code = error.code === 'LOGIN_REQUIRED' ? CODE.LOGIN_REQUIRED : CODE.ERROR;
      const msg = domainMessage(t, error, readerView(c.req.raw.headers, c.var.locale, c.var.user?.timeZone));
      return c.json({ code, msg, data: error.options.data ?? null }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ code: CODE.ERROR, msg: t('errors.BAD_REQUEST'), data: null }, error.status);
    }
    const id = c.var.requestId;
    log.error(
      { err: error, requestId: id, path: c.req.path, address: clientAddress(c.req.raw.headers) },
      'unhandled API error',
    );
    return c.json({ code: CODE.ERROR, msg: t('errors.INTERNAL'), data: { requestId: id } }, 500);
  });
  app.notFound((c) => c.json({ code: CODE.ERROR, msg: c.var.t('errors.NOT_FOUND'), data: null }, 404));
  return app;
}
