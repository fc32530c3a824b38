// Which staff roles may use a console page, read from the route table: a page names the `/api/admin`
// routes it drives and may be used by the roles every one of those routes declares (`defineRoute`'s
// `staff`, plus `operator`, who may do everything). One source of truth for the API and the pages.
import 'server-only';
import { rolesAllowedBy } from '@/lib/admin/access';
import type { Role, StaffRole } from '@/lib/api/context';
import { type RouteEntry, routeTable } from '@/lib/api/route';
import { getDb } from '@/lib/db';
import { createApiApp } from './api-app';

const table = (): readonly RouteEntry[] => {
  const store = globalThis as { __staffRouteTable?: readonly RouteEntry[] };
  // Declarations only: the app is never asked to answer a request here.
  store.__staffRouteTable ??= routeTable(createApiApp({ db: getDb }));
  return store.__staffRouteTable;
};

/** The roles that may call every one of `routes` (an unknown route refuses everyone: a typo fails closed). */
export const staffRolesFor = (routes: readonly string[]): StaffRole[] => rolesAllowedBy(table(), routes);

export const mayUseRoutes = (role: Role, routes: readonly string[]) =>
  (staffRolesFor(routes) as string[]).includes(role);
