// Session and permission middleware. Permissions are declared on the route, never checked ad hoc.
import { createMiddleware } from 'hono/factory';
import type { Db } from '@/lib/db';
import type { AppEnv, SessionUser } from './context';
import { ForbiddenError, LoginRequiredError } from './errors';
import { tokenOfRequest } from './session-token';

export type FindSessionUser = (db: Db, token: string, now: Date) => Promise<SessionUser | null>;

export const sessionMiddleware = (findSessionUser: FindSessionUser) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = tokenOfRequest(c.req.raw.headers);
    c.set('user', token ? await findSessionUser(c.var.db, token, c.var.now) : null);
    await next();
  });

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new LoginRequiredError();
  await next();
});

export const requireAnchor = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new LoginRequiredError();
  if (!c.var.user.isAnchor) throw new ForbiddenError('ANCHOR_REQUIRED');
  await next();
});

export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new LoginRequiredError();
  if (c.var.user.role !== 'operator') throw new ForbiddenError('OPERATOR_REQUIRED');
  await next();
});
