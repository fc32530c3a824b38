// Session and permission middleware. Permissions are declared on the route, never checked ad hoc.
import { createMiddleware } from 'hono/factory';
import { findSessionUser, tokenOfRequest } from '@/lib/accounts/session';
import type { AppEnv } from './context';
import { ForbiddenError, LoginRequiredError } from './errors';

export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const token = tokenOfRequest(c.req.raw.headers);
  c.set('user', token ? await findSessionUser(c.var.db, token) : null);
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
