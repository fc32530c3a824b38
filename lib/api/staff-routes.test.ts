// Operator routes over the whole route table: each declares the staff roles it accepts, and refuses every
// other role with the envelope (700 for a guest, 403 for a user, an anchor or a staff member of another
// role), so a new route is covered by being declared. A role it accepts gets past the check.
import { routeTable } from '@/lib/api/route';
import { createApiApp } from '@/lib/server/api-app';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import type { StaffRole } from './context';

let testDb: TestDb;
const app = createApiApp({ db: () => testDb.db, clock: () => NOON });
const tokens: Record<string, string> = {};
const CALLERS = ['user', 'anchor', 'moderator', 'finance', 'operator'] as const;

beforeAll(async () => {
  testDb = await createTestDb();
  for (const caller of CALLERS) {
    const { token } = await makeSignedInUser(testDb.db, {
      role: caller === 'user' || caller === 'anchor' ? 'user' : caller,
      isAnchor: caller === 'anchor',
    });
    tokens[caller] = token;
  }
}, 60_000);
afterAll(() => testDb.close());

const staffRoutes = () =>
  routeTable(app).flatMap((route) =>
    route.methods.map((method) => ({ ...route, method: method.toUpperCase() })),
  );

async function call(method: string, path: string, token?: string) {
  const response = await app.request(`http://portal.test${path}`, {
    method,
    headers: {
      host: 'portal.test',
      lang: 'en',
      ...(token ? { token } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string } };
}

it('declares the staff roles of every /api/admin route', () => {
  const undeclared = routeTable(app).filter((route) => route.path.startsWith('/api/admin') && !route.staff);
  expect(undeclared.map((route) => route.path)).toEqual([]);
});

it('refuses every role an operator route does not declare, and lets the declared ones through', async () => {
  const wrong: string[] = [];
  for (const route of staffRoutes().filter((entry) => entry.staff)) {
    const accepted = new Set<string>(['operator', ...(route.staff as StaffRole[])]);
    const guest = await call(route.method, route.path);
    if (guest.status !== 401 || guest.body.code !== 700)
      wrong.push(`${route.method} ${route.path} as guest: ${guest.status}`);
    for (const caller of CALLERS) {
      const { status, body } = await call(route.method, route.path, tokens[caller]);
      const refused = status === 403 && body.code === 1 && /permission/.test(body.msg);
      if (accepted.has(caller) === refused)
        wrong.push(`${route.method} ${route.path} as ${caller}: ${status} ${body.msg}`);
    }
  }
  expect(wrong).toEqual([]);
});
