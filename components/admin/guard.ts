// The console's page guard. Every /admin page starts with `const { user } = await adminPage('key')`: the
// key's navigation entry (lib/admin/nav.ts) names the `/api/admin` routes the page drives, and only the
// roles all of them declare may open it (lib/server/staff-access.ts). A guest meets `unauthorized()` (the
// login prompt), anyone else without the role `forbidden()` (the 403 page).
//
// Call it first, outside any Suspense boundary, and give the page no `loading.tsx`: put the slow part (the
// table) in `<Suspense fallback={<TableSkeleton />}>` instead. A refusal thrown after the response began
// streaming would answer 200 and never show the 403 page.
import 'server-only';
import { forbidden, unauthorized } from 'next/navigation';
import { currentUser } from '@/lib/accounts/current-user';
import { ADMIN_NAV, navEntry } from '@/lib/admin/nav';
import type { SessionUser } from '@/lib/api/context';
import { mayUseRoutes } from '@/lib/server/staff-access';

/** The signed-in staff member, or the login prompt / 403 page for anyone else. */
export async function staffUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) unauthorized();
  if (user.role === 'user') forbidden();
  return user;
}

export async function adminPage(key: string) {
  const entry = navEntry(key);
  const user = await staffUser();
  if (!mayUseRoutes(user.role, entry.routes)) forbidden();
  return { user, entry };
}

/** The navigation entries a role may open, in registry order. */
export const navFor = (user: SessionUser) =>
  ADMIN_NAV.filter((entry) => mayUseRoutes(user.role, entry.routes));
