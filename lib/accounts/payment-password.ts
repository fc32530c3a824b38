// The payment password guards money leaving a wallet (withdrawals). Five wrong tries lock payment
// operations for 30 minutes, counted in the shared Postgres-backed limiter so every node agrees; a
// right password clears the count.
import { eq } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { assertAllowed, type LimiterOptions, record, storedLimiter, waitValues } from '@/lib/rate-limits';
import { verifyPassword } from './password';
import { users } from './schema';

export const PAYMENT_PASSWORD_LIMIT = {
  keyPrefix: 'pay:password',
  points: 5,
  duration: 30 * 60,
  blockDuration: 30 * 60,
} satisfies LimiterOptions;

const limiter = (db: DbOrTx) => storedLimiter(db, PAYMENT_PASSWORD_LIMIT);

/**
 * Checks `password` against the user's payment password: `PAYMENT_PASSWORD_NOT_SET` when there is
 * none, `PAYMENT_LOCKED` (429, `{minutes}`) after too many failures, `PAYMENT_PASSWORD_INCORRECT`
 * (`{left}` tries) otherwise.
 */
export async function verifyPaymentPassword(db: DbOrTx, userId: number, password: string) {
  const key = String(userId);
  await assertAllowed(limiter(db), key, 'PAYMENT_LOCKED');
  const [user] = await db.select({ hash: users.paymentPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user?.hash) throw new DomainError('PAYMENT_PASSWORD_NOT_SET');
  if (await verifyPassword(user.hash, password)) {
    await limiter(db).delete(key);
    return;
  }
  const spent = await record(limiter(db), key);
  const left = PAYMENT_PASSWORD_LIMIT.points - spent;
  if (left <= 0)
    throw new DomainError('PAYMENT_LOCKED', {
      status: 429,
      values: waitValues(PAYMENT_PASSWORD_LIMIT.blockDuration * 1000),
    });
  throw new DomainError('PAYMENT_PASSWORD_INCORRECT', { values: { left } });
}
