// Seeds the e2e database (idempotent) and signs each demo role in, saving its cookie for fixtures.
import fs from 'node:fs';
import path from 'node:path';
import { test as setup } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { rateEvents, users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import { createDb } from '@/lib/db';
import { rateLimits } from '@/lib/rate-limits/schema';
import { DEMO_ACCOUNTS, seedDemoData } from '@/lib/seed';
import { replaceStorage } from '@/lib/storage';
import { localStorageProvider } from '@/lib/storage/local';
import { popups } from '@/lib/system/schema';
import { E2E_BASE_URL, E2E_DATA_DIR, e2eDatabaseUrl } from '../playwright.config';
import { serverNow } from './clock';
import { storageStatePath } from './roles';

setup('seed and sign in each role', async () => {
  // A first run imports every football file and writes the newest match reports: slow on a busy machine.
  setup.setTimeout(180_000);
  const { db, pool } = createDb(e2eDatabaseUrl());
  // The seed's demo videos go where the e2e server serves uploads from.
  replaceStorage(localStorageProvider(path.resolve(E2E_DATA_DIR, 'uploads')));
  try {
    // Around the e2e portal's clock (CLOCK_START), not the machine's.
    const now = await serverNow();
    await seedDemoData(db, now);
    // The e2e database outlives a run: start each run with fresh SMS and login allowances.
    await db.delete(rateEvents);
    await db.delete(rateLimits);
    // A run killed in the middle of a site-wide test leaves its pop-up behind, over every page of the next.
    await db.delete(popups);
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.countryCode, '86'), eq(users.mobile, account.mobile)));
      const { token } = await createSession(db, user!.id, now);
      const file = storageStatePath(account.key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const { hostname } = new URL(E2E_BASE_URL);
      const cookie = {
        name: 'token',
        value: token,
        domain: hostname,
        path: '/',
        // A browser-session cookie: the session's expiry is on the portal's moved clock, which the
        // browser's cookie store (on the machine's) must not judge.
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax' as const,
      };
      fs.writeFileSync(file, JSON.stringify({ cookies: [cookie], origins: [] }));
    }
  } finally {
    await pool.end();
  }
});
