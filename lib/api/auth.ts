// Session and permission middleware. Permissions are declared on the route, never checked ad hoc.
import { createMiddleware } from 'hono/factory';
import type { Db } from '@/lib/db';
import type { AppEnv, SessionUser, StaffRole } from './context';
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

/**
 * Staff routes (`defineRoute`'s `staff`): a signed-in operator, or a member of one of `roles`. Everyone
 * else gets the envelope's refusal (700 for guests, 403 otherwise).
 */
export const requireStaff = (roles: readonly StaffRole[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.user) throw new LoginRequiredError();
    const { role } = c.var.user;
    if (role !== 'operator' && !roles.includes(role as StaffRole))
      throw new ForbiddenError('STAFF_ROLE_REQUIRED');
    await next();
  });
