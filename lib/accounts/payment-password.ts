// Checks the payment password (spec §5) before a purchase moves money.
import { eq } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { verifyPassword } from './password';
import { users } from './schema';

export async function confirmPaymentPassword(db: DbOrTx, userId: number, password: string) {
  const [user] = await db.select({ hash: users.paymentPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user?.hash) throw new DomainError('PAYMENT_PASSWORD_NOT_SET');
  if (!(await verifyPassword(user.hash, password))) throw new DomainError('PAYMENT_PASSWORD_INCORRECT');
}
