// The global horn: sending (sensitive words refused; free with one of a noble's messages of the month,
// else with a free message exchanged in the coin shop, else paid in star diamonds), the operators'
// review (approve pays the platform from escrow, reject refunds the sender or gives the free message
// back), the lists, and the push every open page receives.
import { and, count, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { assertNotMuted } from '@/lib/accounts/sanctions';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx, Tx } from '@/lib/db';
import { nobilities } from '@/lib/nobility/schema';
import { nobleTiers } from '@/lib/nobility/service';
import { NOBLE_FREE_HORNS } from '@/lib/nobility/tiers';
import type { HornPush } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { refuseSensitive } from '@/lib/sensitive/words';
import { type Leg, pickEscrowShard, runOperation } from '@/lib/wallet/ledger';
import { hornCredits, hornMessages, hornSettings } from './schema';

export const HORN_MAX = 60;

/** The first instant of `now`'s calendar month (UTC): free horn messages count from here. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export async function hornReviewOn(db: DbOrTx) {
  const [row] = await db.select({ review: hornSettings.review }).from(hornSettings);
  return row?.review ?? false;
}

export async function setHornReview(db: DbOrTx, review: boolean, now: Date) {
  await db
    .insert(hornSettings)
    .values({ id: 1, review, updatedAt: now })
    .onConflictDoUpdate({ target: hornSettings.id, set: { review, updatedAt: now } });
  return review;
}

/** Free messages a noble used this month (failed ones give theirs back; shop credits are not these). */
async function freeHornsUsed(db: DbOrTx, userId: number, now: Date) {
  const [row] = await db
    .select({ used: count() })
    .from(hornMessages)
    .where(
      and(
        eq(hornMessages.userId, userId),
        eq(hornMessages.free, true),
        eq(hornMessages.credit, false),
        sql`${hornMessages.status} <> 'failed'`,
        gte(hornMessages.createdAt, monthStart(now)),
      ),
    );
  return row?.used ?? 0;
}

/** Free messages exchanged in the coin shop (a shop exchange delivers them in its transaction). */
export async function grantHornCredits(tx: Tx, userId: number, added: number, now: Date) {
  await tx
    .insert(hornCredits)
    .values({ userId, count: added, updatedAt: now })
    .onConflictDoUpdate({
      target: hornCredits.userId,
      set: { count: sql`${hornCredits.count} + ${added}`, updatedAt: now },
    });
}

/** The free messages from the shop a user holds. */
export async function hornCreditsOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ count: hornCredits.count })
    .from(hornCredits)
    .where(eq(hornCredits.userId, userId));
  return row?.count ?? 0;
}

/**
 * What the horn dialog shows: the price, review, a noble's free messages left this month and the free
 * messages from the shop (`credits`).
 */
export async function hornQuota(db: DbOrTx, userId: number | null, price: number, now: Date) {
  const [review, tiers, credits] = await Promise.all([
    hornReviewOn(db),
    userId ? nobleTiers(db, [userId], now) : new Map<number, number>(),
    userId ? hornCreditsOf(db, userId) : 0,
  ]);
  const noble = userId ? (tiers.get(userId) ?? 0) : 0;
  const freeLeft = noble ? Math.max(0, NOBLE_FREE_HORNS - (await freeHornsUsed(db, userId!, now))) : 0;
  return {
    price,
    review,
    noble,
    free_left: freeLeft,
    free_per_month: NOBLE_FREE_HORNS,
    credits,
    max: HORN_MAX,
  };
}

export type SendHornResult = {
  id: number;
  status: 'pending' | 'succeeded';
  free: boolean;
  price: number;
  /** The sender's star diamonds after the send. */
  balance: number;
};

export async function sendHorn(
  db: DbOrTx,
  input: {
    userId: number;
    content: string;
    key: string;
    price: number;
    now: Date;
    /**
     * Before a paid message moves money (the payment password, checked on the pool so a wrong try stays
     * counted when this transaction rolls back); a free one needs none.
     */
    beforePaying?: () => Promise<void>;
  },
) {
  const content = input.content.trim();
  if (!content || content.length > HORN_MAX)
    throw new DomainError('HORN_CONTENT_LENGTH', { values: { max: HORN_MAX } });
  await refuseSensitive(db, content, input.now);
  await assertNotMuted(db, input.userId, input.now);
  const outcome = await runOperation<SendHornResult>(db, {
    key: `horn:${input.userId}:${input.key}`,
    kind: 'horn',
    userId: input.userId,
    payload: { content },
    now: input.now,
    prepare: async (tx, operationId) => {
      const review = await hornReviewOn(tx);
      // A noble's row lock makes two concurrent sends count the month's free messages one after the other.
      const [noble] = await tx
        .select({ tier: nobilities.tier })
        .from(nobilities)
        .where(and(eq(nobilities.userId, input.userId), gt(nobilities.expiresAt, input.now)))
        .for('update');
      const nobleFree =
        Boolean(noble) && (await freeHornsUsed(tx, input.userId, input.now)) < NOBLE_FREE_HORNS;
      // Then a free message from the shop (the conditional update takes one or none, never below 0).
      const credit =
        !nobleFree &&
        (
          await tx
            .update(hornCredits)
            .set({ count: sql`${hornCredits.count} - 1`, updatedAt: input.now })
            .where(and(eq(hornCredits.userId, input.userId), gt(hornCredits.count, 0)))
            .returning({ count: hornCredits.count })
        ).length > 0;
      const free = nobleFree || credit;
      const price = free ? 0 : input.price;
      if (price > 0) await input.beforePaying?.();
      const shard = review && price > 0 ? pickEscrowShard() : null;
      const legs: Leg[] = price
        ? [
            {
              from: { user: input.userId },
              to: shard === null ? { system: 'revenue' } : { system: 'escrow', shard },
              currency: 'star',
              amount: price,
            },
          ]
        : [];
      const [row] = await tx
        .insert(hornMessages)
        .values({
          operationId,
          userId: input.userId,
          content,
          status: review ? 'pending' : 'succeeded',
          price,
          free,
          credit,
          escrowShard: shard,
          createdAt: input.now,
        })
        .returning({ id: hornMessages.id });
      return {
        legs,
        result: { id: row!.id, status: review ? 'pending' : 'succeeded', free, price, balance: 0 },
      };
    },
    after: async (tx, _operationId, result) => {
      const { rows } = await tx.execute<{ balance: string }>(sql`
        select balance from wallet_accounts
        where kind = 'user' and user_id = ${input.userId} and currency = 'star'`);
      return { ...result, balance: Number(rows[0]?.balance ?? 0) };
    },
  });
  if (!outcome.replayed && outcome.result.status === 'succeeded')
    await broadcastHorn(db, outcome.result.id, input.now);
  return outcome;
}

/** An operator approves (the price goes from escrow to the platform) or rejects (refunded) a message. */
export async function reviewHorn(
  db: DbOrTx,
  input: { id: number; approve: boolean; operatorId: number; now: Date },
) {
  // A message decided already is refused as such (a replay would tell the sender a second time).
  const [current] = await db
    .select({ status: hornMessages.status })
    .from(hornMessages)
    .where(eq(hornMessages.id, input.id));
  if (!current) throw new NotFoundError('HORN_NOT_FOUND');
  if (current.status !== 'pending') throw new DomainError('HORN_NOT_PENDING');
  const outcome = await runOperation<{ id: number; status: 'succeeded' | 'failed' }>(db, {
    // One review per message: two reviews racing with different verdicts meet here as a conflict.
    key: `horn-review:${input.id}`,
    kind: 'horn_review',
    userId: input.operatorId,
    payload: { id: input.id, approve: input.approve },
    now: input.now,
    prepare: async (tx) => {
      const status = input.approve ? 'succeeded' : 'failed';
      const [row] = await tx
        .update(hornMessages)
        .set({ status, reviewedAt: input.now, reviewedBy: input.operatorId })
        .where(and(eq(hornMessages.id, input.id), eq(hornMessages.status, 'pending')))
        .returning();
      if (!row) throw new DomainError('HORN_NOT_PENDING');
      // A rejected message sent with a shop credit gives it back (a noble's monthly one is counted).
      if (!input.approve && row.credit) await grantHornCredits(tx, row.userId, 1, input.now);
      const legs: Leg[] =
        row.price > 0 && row.escrowShard !== null
          ? [
              {
                from: { system: 'escrow', shard: row.escrowShard },
                to: input.approve ? { system: 'revenue' } : { user: row.userId },
                currency: 'star',
                amount: row.price,
              },
            ]
          : [];
      return { legs, result: { id: row.id, status } };
    },
  });
  if (!outcome.replayed && outcome.result.status === 'succeeded')
    await broadcastHorn(db, input.id, input.now);
  return outcome.result;
}

const hornColumns = {
  id: hornMessages.id,
  userId: hornMessages.userId,
  content: hornMessages.content,
  status: hornMessages.status,
  price: hornMessages.price,
  free: hornMessages.free,
  createdAt: hornMessages.createdAt,
  nickname: users.nickname,
  avatar: users.avatar,
};
type HornRow = {
  id: number;
  userId: number;
  content: string;
  createdAt: Date;
  nickname: string;
  avatar: string;
};

function hornPushOf(row: HornRow, noble: number): HornPush {
  return {
    id: row.id,
    user_id: row.userId,
    nickname: row.nickname,
    avatar: avatarOf({ id: row.userId, avatar: row.avatar }),
    noble,
    content: row.content,
    created_at: row.createdAt.toISOString(),
  };
}

async function broadcastHorn(db: DbOrTx, id: number, now: Date) {
  const [row] = await db
    .select(hornColumns)
    .from(hornMessages)
    .innerJoin(users, eq(users.id, hornMessages.userId))
    .where(eq(hornMessages.id, id));
  if (!row) return;
  const tiers = await nobleTiers(db, [row.userId], now);
  publish('everyone', { type: 'horn', data: hornPushOf(row, tiers.get(row.userId) ?? 0) });
}

/** The latest horn messages everyone saw (`hornList`), newest first. */
export async function recentHorns(db: DbOrTx, now: Date, limit = 20) {
  const rows = await db
    .select(hornColumns)
    .from(hornMessages)
    .innerJoin(users, eq(users.id, hornMessages.userId))
    .where(eq(hornMessages.status, 'succeeded'))
    .orderBy(desc(hornMessages.createdAt), desc(hornMessages.id))
    .limit(limit);
  const tiers = await nobleTiers(
    db,
    rows.map((row) => row.userId),
    now,
  );
  return rows.map((row) => hornPushOf(row, tiers.get(row.userId) ?? 0));
}

/** A user's own messages with their review state, or every pending one (operators). */
export async function hornsOf(db: DbOrTx, filter: { userId: number } | { status: 'pending' }, limit = 50) {
  const rows = await db
    .select(hornColumns)
    .from(hornMessages)
    .innerJoin(users, eq(users.id, hornMessages.userId))
    .where(
      'userId' in filter ? eq(hornMessages.userId, filter.userId) : eq(hornMessages.status, filter.status),
    )
    .orderBy(desc(hornMessages.createdAt), desc(hornMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    nickname: row.nickname,
    content: row.content,
    status: row.status,
    price: row.price,
    free: row.free,
    created_at: row.createdAt.toISOString(),
  }));
}
