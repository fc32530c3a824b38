// The payment password guards money leaving a wallet: withdrawals, nobility, and every spend a person
// starts where one is set. Five wrong tries lock payment operations for 30 minutes, counted in the shared
// Postgres-backed limiter so every node agrees; a right password clears the count.
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

/** Whether the user set a payment password (the spend sheet then asks for it). */
export async function hasPaymentPassword(db: DbOrTx, userId: number) {
  const [row] = await db.select({ hash: users.paymentPasswordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row?.hash);
}

/**
 * The payment password of a spend a person starts (plan, shop, horn, red envelope, fan club, a gift at
 * the operator's threshold): a user with one set must give it (`PAYMENT_PASSWORD_REQUIRED` when missing,
 * then as `verifyPaymentPassword`); a user without one passes. Call it before any money moves, on the
 * pool (not a transaction that a refusal rolls back: the failed try must stay counted).
 */
export async function assertSpendPassword(db: DbOrTx, userId: number, password: string | undefined) {
  const [user] = await db.select({ hash: users.paymentPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user?.hash) return;
  if (!password) {
    await assertAllowed(limiter(db), String(userId), 'PAYMENT_LOCKED');
    throw new DomainError('PAYMENT_PASSWORD_REQUIRED');
  }
  await verifyPaymentPassword(db, userId, password);
}
