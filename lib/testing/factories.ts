// Small factories for integration tests.
import { randomInt } from 'node:crypto';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import type { Db } from '@/lib/db';

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

/** A user with a live session; `token` goes in the `token` header. */
export async function makeSignedInUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await makeUser(db, overrides);
  const { token } = await createSession(db, user.id);
  return { user, token };
}
