// Accounts of their own for tests that change data, so the seeded demo users stay as they are.
import { randomInt } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { E2E_BASE_URL, E2E_SAME_ORIGIN, E2E_TIME_ZONE } from '../playwright.config';
import { serverNow } from './clock';
import { withDatabase } from './database';

/** A new user signed in through a session cookie, in a browser context of its own. */
export async function freshUserPage(
  browser: Browser,
  nickname: string,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const now = await serverNow();
  const { user, token } = await withDatabase(async (db) => {
    const mobile = `170${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const [created] = await db
      .insert(users)
      .values({ mobile, nickname, ...overrides })
      .returning();
    return { user: created!, token: (await createSession(db, created!.id, now)).token };
  });
  return { page: await pageWithToken(browser, token), user, token };
}

/** The payment password of `earningAnchor`. */
export const EARNER_PIN = '246810';

/**
 * A new anchor with 1,000 yellow diamonds and the payment password `EARNER_PIN`, signed in, and `api` for
 * their GET calls (answering `data`, failing on a refusal): ready to bind an account and withdraw.
 */
export async function earningAnchor(browser: Browser, nickname: string) {
  const anchor = await freshUserPage(browser, nickname, {
    isAnchor: true,
    paymentPasswordHash: await hashPassword(EARNER_PIN),
  });
  const now = await serverNow();
  await withDatabase((db) =>
    runOperation(db, {
      key: `e2e-earner-fund:${anchor.user.id}`,
      kind: 'test_fund',
      userId: anchor.user.id,
      payload: {},
      now,
      prepare: async () => ({ legs: [mintLeg(anchor.user.id, 'yellow', 1000)], result: {} }),
    }),
  );
  const api = async (path: string) => {
    const body = await (await anchor.page.request.get(path)).json();
    if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.data;
  };
  return { ...anchor, api };
}

/**
 * A seeded user (a demo expert, say) signed in through a new session of their own, in a browser context
 * of its own: nothing else about them changes.
 */
export async function signedInPage(browser: Browser, userId: number) {
  const now = await serverNow();
  const { token } = await withDatabase((db) => createSession(db, userId, now));
  return pageWithToken(browser, token);
}

async function pageWithToken(browser: Browser, token: string) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    permissions: ['clipboard-read', 'clipboard-write'],
    timezoneId: E2E_TIME_ZONE,
  });
  await context.addCookies([{ name: 'token', value: token, url: E2E_BASE_URL, httpOnly: true }]);
  return context.newPage();
}
