// Accounts of their own for tests that change data, so the seeded demo users stay as they are.
import { randomInt } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
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
