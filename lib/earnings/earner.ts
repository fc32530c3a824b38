// Who earns, and so who may withdraw (DESIGN §8: anyone who earns withdraws through one earnings model).
// An earner is an anchor (gifts), an approved expert (plan sales), or anyone else who holds yellow
// diamonds or has a withdrawal on record (a former anchor keeps access to their money and its history).
// Star diamonds are bought and never withdrawn, so they make no one an earner.
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '@/lib/api/context';
import { ForbiddenError, LoginRequiredError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { experts } from '@/lib/experts/schema';
import { withdrawals } from './schema';

export type EarnerRoles = {
  anchor: boolean;
  expert: boolean;
  /** Yellow diamonds held now. */
  yellow: number;
  /** At least one withdrawal on record, whatever its state. */
  withdrew: boolean;
  earner: boolean;
};

/** What a person earns from: read once per request (one round trip). */
export async function earnerRoles(db: DbOrTx, user: { id: number; isAnchor: boolean }): Promise<EarnerRoles> {
  const { rows } = await db.execute<{ expert: boolean; yellow: string | null; withdrew: boolean }>(sql`
    select
      exists (select 1 from ${experts} where ${experts.userId} = ${user.id}) as expert,
      (select balance from wallet_accounts
        where kind = 'user' and user_id = ${user.id} and currency = 'yellow') as yellow,
      exists (select 1 from ${withdrawals} where ${withdrawals.userId} = ${user.id}) as withdrew`);
  const row = rows[0]!;
  const yellow = Number(row.yellow ?? 0);
  return {
    anchor: user.isAnchor,
    expert: row.expert,
    yellow,
    withdrew: row.withdrew,
    earner: user.isAnchor || row.expert || yellow > 0 || row.withdrew,
  };
}

/**
 * The withdrawal routes' permission: a signed-in earner (`earnerRoles`). Everyone else is refused with
 * `EARNER_REQUIRED`, which says how one becomes an earner.
 */
export const requireEarner = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new LoginRequiredError();
  if (!(await earnerRoles(c.var.db, user)).earner) throw new ForbiddenError('EARNER_REQUIRED');
  await next();
});

/** Which words explain yellow diamonds to this person (the wallet's and the withdrawals tab's hints). */
export type YellowSource = 'anchor' | 'expert' | 'both' | 'none';
export const yellowSourceOf = (roles: Pick<EarnerRoles, 'anchor' | 'expert'>): YellowSource =>
  roles.anchor && roles.expert ? 'both' : roles.anchor ? 'anchor' : roles.expert ? 'expert' : 'none';
