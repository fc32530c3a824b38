// Small factories for integration tests.
import { randomInt } from 'node:crypto';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import type { Db } from '@/lib/db';
import { type Currency, mintLeg, runOperation } from '@/lib/wallet/ledger';

let counter = 0;
/** Numbers of this process start at a random point (not the clock), then count up: unique per process. */
const MOBILE_BASE = randomInt(100_000_000);

export async function makeUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      mobile: `139${String((MOBILE_BASE + counter) % 100_000_000).padStart(8, '0')}`,
      nickname: `tester${counter}`,
      ...overrides,
    })
    .returning();
  return user!;
}

/**
 * Sessions of test users are issued at this instant, so they are valid at every instant a test runs its
 * app at (fixed instants of lib/testing/clock.ts, or the wall clock of an app without a clock) until it.
 */
const SESSIONS_ISSUED_AT = new Date('2099-01-01T00:00:00.000Z');

/** A user with a live session; `token` goes in the `token` header. */
export async function makeSignedInUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await makeUser(db, overrides);
  const { token } = await createSession(db, user.id, SESSIONS_ISSUED_AT);
  return { user, token };
}

let funded = 0;
/** Mints `amount` of `currency` to a user through the ledger (a `test_fund` operation), as tests' starting money. */
export async function fundUser(
  db: Db,
  userId: number,
  currency: Currency,
  amount: number,
  now = new Date(0),
) {
  funded += 1;
  await runOperation(db, {
    key: `test-fund:${MOBILE_BASE}:${funded}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now,
    prepare: async () => ({ legs: [mintLeg(userId, currency, amount)], result: {} }),
  });
}
