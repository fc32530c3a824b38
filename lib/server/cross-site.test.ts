// The cross-site request guard over the whole route table: every route that changes state refuses a
// cookie request made by another site's page, and accepts the same request from the portal's own pages
// or with the `token` header; routes declared as reads really only read.

import { isCrossSite } from '@/lib/api/cross-site';
import { routeTable } from '@/lib/api/route';
import { createDb } from '@/lib/db';
import { ensureMasterKey } from '@/lib/system/secrets';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { type ApiApp, createApiApp } from './api-app';

const REFUSED = 'This request came from another website and was refused. Please do this on the portal itself';
const PORTAL = 'portal.test:3000';

/** Routes registered outside `defineRoute`: what they do, checked by the walk below. */
const RAW_ROUTES: Record<string, 'read' | 'guarded write' | 'log only'> = {
  'GET /api/openapi.json': 'read',
  'GET /api/docs': 'read',
  'GET /api/universal/avatar': 'read',
  'GET /api/universal/levelicon': 'read',
  'GET /api/admin/anchorapplication/photo': 'read',
  'GET /api/live/confirmadult': 'guarded write',
  // Browsers post CSP violation reports from any page without credentials; the route only logs them.
  'POST /api/csp-report': 'log only',
  // Payment providers' notifications: answered in each provider's own format, signature-checked.
  'GET /api/pay/notify/sandbox': 'guarded write',
  'POST /api/pay/notify/sandbox': 'guarded write',
  'GET /api/pay/notify/alipay': 'guarded write',
  'POST /api/pay/notify/alipay': 'guarded write',
  'GET /api/pay/notify/vnpay': 'guarded write',
  'POST /api/pay/notify/vnpay': 'guarded write',
};

let testDb: TestDb;
let app: ApiApp;
let cookie: string;
let token: string;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  ({ token } = await makeSignedInUser(testDb.db, { role: 'operator', isAnchor: true }));
  cookie = `token=${token}; NEXT_LOCALE=en`;
});
afterAll(() => testDb.close());

const writes = () =>
  routeTable(app)
    .filter((route) => route.effect === 'write')
    .flatMap((route) => route.methods.map((method) => ({ method: method.toUpperCase(), path: route.path })));

async function send(method: string, path: string, headers: Record<string, string>) {
  const response = await app.request(`http://${PORTAL}${path}`, {
    method,
    headers: {
      host: PORTAL,
      lang: 'en',
      ...headers,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const body = (await response.json().catch(() => ({}))) as { code?: number; msg?: string };
  return { status: response.status, body };
}

it('declares every API route once, with what it does', () => {
  const declared = new Set(
    routeTable(app).flatMap((route) =>
      route.methods.map((m) => `${m.toUpperCase()} ${route.path.toLowerCase()}`),
    ),
  );
  const raw = Object.fromEntries(
    Object.entries(RAW_ROUTES).map(([key, kind]) => [key.replace(/ .*/, (path) => path.toLowerCase()), kind]),
  );
  const undeclared = app.routes
    .filter((route) => route.path.startsWith('/api/') && ['GET', 'POST'].includes(route.method))
    .map((route) => `${route.method} ${route.path}`)
    .filter((key) => !declared.has(key) && !raw[key]);
  expect([...new Set(undeclared)]).toEqual([]);
  expect(writes().length).toBeGreaterThan(50);
});

describe('every state-changing route', () => {
  // One pass over every write route each: a quarter of the four-pass test below (57.7 s measured loaded).
  jest.setTimeout(120_000);

  const foreign: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['another port of the same host', { origin: 'http://portal.test:4000' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'https://sub.portal.test' }],
    ['a foreign Referer only', { referer: 'https://evil.example/page' }],
    ['the cookie and no provenance at all', {}],
  ];

  it.each(foreign)('refuses a cookie request with %s, in the reader’s language', async (_, headers) => {
    for (const { method, path } of writes()) {
      const { status, body } = await send(method, path, { cookie, ...headers });
      expect({ route: `${method} ${path}`, status, msg: body.msg }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        msg: REFUSED,
      });
    }
  });

  it('lets the portal’s own pages and token-header clients through', async () => {
    const allowed: Record<string, string>[] = [
      { cookie, 'sec-fetch-site': 'same-origin', origin: `http://${PORTAL}` },
      { cookie, origin: `http://${PORTAL}` },
      { cookie, referer: `http://${PORTAL}/live?id=1` },
      { token, origin: 'https://evil.example' },
    ];
    // Sign-out last: it ends the session the other calls use.
    const routes = writes().sort(
      (a, b) => Number(a.path.includes('SignOut')) - Number(b.path.includes('SignOut')),
    );
    for (const headers of allowed) {
      for (const { method, path } of routes) {
        const { body } = await send(method, path, headers);
        expect({ route: `${method} ${path}`, msg: body.msg }).not.toEqual({
          route: `${method} ${path}`,
          msg: REFUSED,
        });
      }
    }
    // Four passes over every write route (sign-ups, argon2 hashing, uploads…) on Postgres: measured 57.7 s on
    // this 2-core machine at load average ≈ 27 (2026-11-24), about 4× that here.
  }, 240_000);
});

it('runs every read on a read-only database connection without failing', async () => {
  const readOnlyUrl = new URL(testDb.url);
  readOnlyUrl.searchParams.set('options', '-c default_transaction_read_only=on');
  const { db, pool } = createDb(readOnlyUrl.toString(), 2);
  // As server.ts does at start-up on the primary: a replica then always finds the HMAC master.
  await ensureMasterKey(testDb.db);
  // The primary for the session lookup and writes; every 'read' route is routed to the read-only pool.
  const readOnlyApp = createApiApp({ db: () => testDb.db, readDb: () => db, clock: () => NOON });
  const { token: readerToken } = await makeSignedInUser(testDb.db, { role: 'operator', isAnchor: true });
  const failed: string[] = [];
  try {
    for (const route of routeTable(readOnlyApp).filter((entry) => entry.effect === 'read')) {
      for (const method of route.methods) {
        const response = await readOnlyApp.request(route.path, {
          method: method.toUpperCase(),
          headers: { token: readerToken, 'sec-fetch-site': 'cross-site' },
        });
        if (response.status >= 500) failed.push(`${method} ${route.path}`);
      }
    }
    expect(failed).toEqual([]);
  } finally {
    await pool.end();
  }
});

it('sends reads to the read database (a replica) and writes to the primary', async () => {
  const { db: unreachable, pool } = createDb(testDb.url, 1);
  await pool.end();
  const split = createApiApp({ db: () => testDb.db, readDb: () => unreachable, clock: () => NOON });
  const { token } = await makeSignedInUser(testDb.db, { isAnchor: true });
  const read = await split.request('/api/Reportuser/classifyList', { headers: { token } });
  expect(read.status).toBe(500);
  const write = await split.request('/api/live/rotateStreamKey', { method: 'POST', headers: { token } });
  expect(((await write.json()) as { code: number }).code).toBe(0);
});

describe('isCrossSite', () => {
  const options = { trustedOrigins: ['https://admin.portal.example'] };
  const headers = (values: Record<string, string>) => new Headers({ host: 'portal.example', ...values });
  it.each([
    [{ 'sec-fetch-site': 'same-origin' }, false],
    [{ 'sec-fetch-site': 'none', cookie: 'token=x' }, true],
    [{ origin: 'https://portal.example' }, false],
    [{ origin: 'https://admin.portal.example' }, false],
    [{ origin: 'null', cookie: 'token=x' }, true],
    [{ origin: 'not a url' }, true],
    [{ referer: 'https://portal.example/main' }, false],
    [{ referer: 'https://portal.example.evil.test/main' }, true],
    [{}, false],
    [{ cookie: 'token=x' }, true],
    [{ token: 'x', 'sec-fetch-site': 'cross-site' }, false],
  ])('%j → cross-site %s', (values, expected) => {
    expect(isCrossSite(headers(values), options)).toBe(expected);
  });
});
