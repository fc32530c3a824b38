// The cross-site request guard in a real browser. A second local server plays the attacker's site: an
// auto-submitted form POST, a `no-cors` fetch and a top-level navigation to a state-changing GET all
// carry the victim's Lax session cookie (from a sibling origin on the same host, or a top-level GET from
// another site) and must change nothing in the database; the same actions made by the portal's own pages
// work.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions, users } from '@/lib/accounts/schema';
import { createSession, hashToken } from '@/lib/accounts/session';
import { createReservation } from '@/lib/live/reservations';
import { follows, reservedLives } from '@/lib/live/schema';
import { E2E_BASE_URL, E2E_TIME_ZONE } from '../playwright.config';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const PORTAL = E2E_BASE_URL;

/** The attacker's pages: what each does is in its path, its parameters in the query. */
function attackerPage(url: URL) {
  const target = url.searchParams.get('target') ?? '';
  const fields = JSON.parse(url.searchParams.get('fields') ?? '{}') as Record<string, string>;
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  switch (url.pathname) {
    case '/form':
      return `<form id="f" method="POST" action="${target}">${inputs}</form>
        <script>document.getElementById('f').submit()</script>`;
    case '/fetch':
      return `<p id="state">sending</p><script>
        fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
          body: new URLSearchParams(${JSON.stringify(fields)}) })
          .then(() => 'sent', () => 'failed')
          .then((state) => { document.getElementById('state').textContent = state; });
      </script>`;
    case '/navigate':
      return `<script>location.href = ${JSON.stringify(target)}</script>`;
    default:
      return 'attacker';
  }
}

let attacker: http.Server;
let attackerPort: number;

test.beforeAll(async () => {
  attacker = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://attacker');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><body>${attackerPage(url)}</body></html>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

/**
 * The two foreign sites: another port of the portal's own host (same site, another origin: Lax cookies
 * go along with its POSTs), and `localhost`, which is another site than `127.0.0.1`.
 */
const attackers = [
  ['same-site, another port', () => `http://127.0.0.1:${attackerPort}`],
  ['cross-site', () => `http://localhost:${attackerPort}`],
] as const;

async function newUser(nickname: string, isAnchor = false) {
  return withDatabase(async (db) => {
    const mobile = `171${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const [user] = await db.insert(users).values({ mobile, nickname, isAnchor }).returning();
    return user!;
  });
}

/** A victim: an anchor with a reserved live, signed in by cookie in a browser with no test headers. */
async function victim(browser: Browser) {
  const user = await newUser(`受害主播${randomInt(1e6)}`, true);
  const now = await serverNow();
  const { token, reservationId } = await withDatabase(async (db) => {
    const session = await createSession(db, user.id, now);
    // Dated from the portal's clock, which the reservation is checked against.
    const reservation = await createReservation(
      db,
      user.id,
      { title: '周末英超焦点战', startsAt: new Date(now.getTime() + 24 * 3600_000) },
      now,
    );
    return { token: session.token, reservationId: reservation.id };
  });
  const context = await browser.newContext({ timezoneId: E2E_TIME_ZONE });
  await context.addCookies([{ name: 'token', value: token, url: PORTAL, httpOnly: true, sameSite: 'Lax' }]);
  return { user, token, reservationId, page: await context.newPage() };
}

const state = (userId: number, anchorId: number, reservationId: number, token: string) =>
  withDatabase(async (db) => {
    const [follow] = await db
      .select()
      .from(follows)
      .where(and(eq(follows.userId, userId), eq(follows.anchorId, anchorId)));
    const [reservation] = await db
      .select({ deletedAt: reservedLives.deletedAt })
      .from(reservedLives)
      .where(eq(reservedLives.id, reservationId));
    const [session] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
    return {
      following: Boolean(follow),
      reservationDeleted: Boolean(reservation?.deletedAt),
      signedIn: Boolean(session),
    };
  });

const attack = (origin: string, kind: 'form' | 'fetch' | 'navigate', target: string, fields = {}) =>
  `${origin}/${kind}?${new URLSearchParams({ target, fields: JSON.stringify(fields) })}`;

async function landOnPortal(page: Page, path: string) {
  await page.waitForURL((url) => url.href.startsWith(`${PORTAL}${path}`), { timeout: 20_000 });
  await page.waitForLoadState('load');
}

for (const [name, origin] of attackers) {
  test(`a ${name} page cannot change anything with the victim's cookie`, async ({ browser }) => {
    test.setTimeout(90_000);
    const anchor = await newUser(`被关注主播${randomInt(1e6)}`, true);
    const { user, token, reservationId, page } = await victim(browser);
    const before = await state(user.id, anchor.id, reservationId, token);
    expect(before).toEqual({ following: false, reservationDeleted: false, signedIn: true });
    const follow = { anchor_id: String(anchor.id), type: '1' };

    // An auto-submitted form: the browser lands on the portal's refusal.
    await page.goto(attack(origin(), 'form', `${PORTAL}/api/Member/attention`, follow));
    await landOnPortal(page, '/api/Member/attention');
    await expect(page.locator('body')).toContainText('"code":1');

    // A no-cors fetch: the attacker cannot read the answer, and it changed nothing.
    await page.goto(attack(origin(), 'fetch', `${PORTAL}/api/Member/attention`, follow));
    await expect(page.locator('#state')).toHaveText(/sent|failed/);

    // Top-level navigations to state-changing GET calls, which carry Lax cookies from any site.
    await page.goto(attack(origin(), 'navigate', `${PORTAL}/api/live/deleteReserveLive?id=${reservationId}`));
    await landOnPortal(page, '/api/live/deleteReserveLive');
    await expect(page.locator('body')).toContainText('"code":1');
    await page.goto(attack(origin(), 'navigate', `${PORTAL}/api/Member/SignOut`));
    await landOnPortal(page, '/api/Member/SignOut');
    await expect(page.locator('body')).toContainText('"code":1');

    // Login CSRF: the attacker's own session token pushed into the victim's browser.
    const intruder = await newUser(`攻击者${randomInt(1e6)}`);
    const intruderToken = await withDatabase(
      async (db) => (await createSession(db, intruder.id, await serverNow())).token,
    );
    await page.goto(attack(origin(), 'form', `${PORTAL}/api/user/useToken`, { token: intruderToken }));
    await landOnPortal(page, '/api/user/useToken');

    expect(await state(user.id, anchor.id, reservationId, token)).toEqual(before);
    const cookies = await page.context().cookies(PORTAL);
    expect(cookies.find((cookie) => cookie.name === 'token')?.value).toBe(token);

    // The same actions from the portal's own pages work.
    await page.goto('/main');
    const followed = await page.evaluate(
      async ({ anchorId }) => {
        const response = await fetch('/api/Member/attention', {
          method: 'POST',
          body: new URLSearchParams({ anchor_id: String(anchorId), type: '1' }),
        });
        return ((await response.json()) as { data: { followed: boolean } }).data.followed;
      },
      { anchorId: anchor.id },
    );
    expect(followed).toBe(true);
    await page.evaluate((id) => {
      location.href = `/api/live/deleteReserveLive?id=${id}`;
    }, reservationId);
    await landOnPortal(page, '/api/live/deleteReserveLive');
    await expect(page.locator('body')).toContainText('"code":0');
    expect(await state(user.id, anchor.id, reservationId, token)).toEqual({
      following: true,
      reservationDeleted: true,
      signedIn: true,
    });
    await page.goto('/main');
    await page.evaluate(() => {
      location.href = '/api/Member/SignOut';
    });
    await landOnPortal(page, '/api/Member/SignOut');
    await expect(page.locator('body')).toContainText('"code":0');
    expect((await state(user.id, anchor.id, reservationId, token)).signedIn).toBe(false);
    await page.context().close();
  });
}

test('redirect targets from a request stay on the portal and never fail', async ({ asUser }) => {
  test.setTimeout(90_000);
  const hostile = [
    '/%09/evil.example/phish',
    '/%0a/x',
    '//evil.example',
    '/%5Cevil.example',
    'https://evil.example',
  ];
  for (const target of hostile) {
    for (const path of [
      `/login?redirect=${target}`,
      `/en/login?redirect=${target}`,
      `/api/live/confirmAdult?next=${target}`,
    ]) {
      const response = await asUser.request.get(path, { maxRedirects: 0 });
      expect({ path, status: response.status() }).toEqual({ path, status: expect.any(Number) });
      expect(response.status(), path).toBeLessThan(500);
      const location = response.headers().location;
      if (location) expect(new URL(location, PORTAL).origin, `${path} → ${location}`).toBe(PORTAL);
    }
  }
  // A path of the portal is kept.
  const kept = await asUser.request.get('/en/login?redirect=/live%3Fid%3D1', { maxRedirects: 0 });
  expect(kept.headers().location).toMatch(/\/live\?id=1$/);
});
