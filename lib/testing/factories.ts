// Small factories for integration tests.
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import type { Db } from '@/lib/db';

let counter = 0;

export async function makeUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      mobile: `139${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(2, '0')}`.slice(
        0,
        11,
      ),
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
