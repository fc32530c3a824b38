// The console's access rule, on any route table: a page (or a navigation entry) is for the roles that
// may call every `/api/admin` route it drives. `operator` may call them all.
import type { StaffRole } from '@/lib/api/context';
import type { RouteEntry } from '@/lib/api/route';

export const STAFF_ROLES = ['operator', 'moderator', 'finance'] as const satisfies readonly StaffRole[];

export function rolesAllowedBy(
  table: readonly Pick<RouteEntry, 'path' | 'staff'>[],
  routes: readonly string[],
): StaffRole[] {
  if (routes.length === 0) return ['operator'];
  const declared = routes.map((path) => {
    const entry = table.find((route) => route.path.toLowerCase() === path.toLowerCase());
    return entry?.staff ? new Set<StaffRole>(['operator', ...entry.staff]) : new Set<StaffRole>();
  });
  return STAFF_ROLES.filter((role) => declared.every((roles) => roles.has(role)));
}
