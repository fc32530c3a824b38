// The exchange shop (spec §7 `api/goods/goodsList`, `exchange`, `exchangeRecords`): coins buy goods.
// An exchange is one ledger operation: the stock is taken by a conditional UPDATE in the same
// transaction as the spend, so stock never goes below zero whatever the concurrency, and the goods
// row lock it holds makes the per-user limit count exchanges one after the other. Virtual goods are
// delivered in that transaction (gifts into the backpack, nobility trial days, free horn messages, a
// chat badge colour, worn at once when the user wears none); physical goods hold
// the coins in escrow until an operator marks them delivered (burnt) or cancelled (refunded).
import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import { grantBadgeColor } from '@/lib/chat/badge-colors';
import type { DbOrTx, Tx } from '@/lib/db';
import { gifts } from '@/lib/gifts/schema';
import { grantBackpack } from '@/lib/gifts/service';
import { grantHornCredits } from '@/lib/horn/service';
import type { Locale } from '@/lib/i18n/routing';
import { nobilities } from '@/lib/nobility/schema';
import { tierOf } from '@/lib/nobility/tiers';
import { recordsSince } from '@/lib/time/record-window';
import { type Leg, pickEscrowShard, runOperation } from '@/lib/wallet/ledger';
import {
  type AddressSnapshot,
  type exchangeStatus,
  goods,
  goodsExchanges,
  type goodsKind,
  shopAddresses,
} from './schema';

export const MAX_ADDRESSES = 10;
const DAY_MS = 24 * 3600 * 1000;

export type GoodsView = {
  id: number;
  code: string;
  kind: (typeof goodsKind.enumValues)[number];
  name: string;
  description: string;
  /** The gift's code when the goods is a gift (drawn with its artwork); else an image path. */
  gift_code: string | null;
  image: string;
  price: number;
  stock: number;
  per_user_limit: number;
  /** How many the caller may still exchange (0 for guests is never shown: they must log in). */
  remaining: number;
};

const pick = (names: Record<string, string>, locale: Locale) => names[locale] ?? names['zh-CN'] ?? '';

/** Active goods, in the operator's order, with what the caller has left of each limit. */
export async function goodsList(db: DbOrTx, userId: number | null, locale: Locale): Promise<GoodsView[]> {
  const rows = await db
    .select({ goods, giftCode: gifts.code })
    .from(goods)
    .leftJoin(gifts, eq(gifts.id, goods.giftId))
    .where(eq(goods.active, true))
    .orderBy(goods.sort, goods.id);
  const used = userId ? await usedByGoods(db, userId) : new Map<number, number>();
  return rows.map(({ goods: row, giftCode }) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: pick(row.names, locale),
    description: pick(row.descriptions, locale),
    // An operator's picture replaces the drawing (the gift's artwork or the code's picture).
    gift_code: row.imageUrl ? null : giftCode,
    image: row.imageUrl ?? `/shop/${row.code}.svg`,
    price: row.price,
    stock: row.stock,
    per_user_limit: row.perUserLimit,
    remaining: Math.max(0, row.perUserLimit - (used.get(row.id) ?? 0)),
  }));
}

/** Every goods, hidden ones too, in the operator's order, with its gift's code (the console). */
export async function goodsForStaff(db: DbOrTx) {
  const rows = await db
    .select({ goods, giftCode: gifts.code })
    .from(goods)
    .leftJoin(gifts, eq(gifts.id, goods.giftId))
    .orderBy(goods.sort, goods.id);
  return rows.map(({ goods: row, giftCode }) => ({ ...row, giftCode }));
}

export type GoodsInput = {
  /** Omitted: a new goods (shipped home: `physical`), which needs its code and a picture. */
  id?: number | undefined;
  code?: string | undefined;
  names: Record<Locale, string>;
  descriptions: Record<Locale, string>;
  price: number;
  stock: number;
  perUserLimit: number;
  sort: number;
  active: boolean;
  /** An uploaded picture; null: back to the drawing; undefined: unchanged. */
  imageUrl?: string | null | undefined;
};

/**
 * An operator adds fan goods shipped home or changes any goods (names, descriptions, picture, price in
 * coins, stock, limit, order, on/off); what a virtual goods delivers stays as seeded. Exchanges already
 * made keep what they cost. Returns the row before and after (the audit's values).
 */
export async function saveGoods(db: DbOrTx, input: GoodsInput) {
  const { id, code, imageUrl, ...values } = input;
  if (id === undefined) {
    if (!code) throw new DomainError('GOODS_CODE_REQUIRED');
    if (!imageUrl) throw new DomainError('GOODS_PICTURE_REQUIRED');
    const [clash] = await db.select({ id: goods.id }).from(goods).where(eq(goods.code, code));
    if (clash) throw new DomainError('GOODS_CODE_TAKEN');
    const [row] = await db
      .insert(goods)
      .values({ ...values, code, kind: 'physical', imageUrl })
      .returning();
    return { before: null, row: row! };
  }
  const [before] = await db.select().from(goods).where(eq(goods.id, id));
  if (!before) throw new NotFoundError('GOODS_NOT_FOUND');
  const [row] = await db
    .update(goods)
    .set({ ...values, ...(imageUrl === undefined ? {} : { imageUrl }) })
    .where(eq(goods.id, id))
    .returning();
  return { before, row: row! };
}

async function usedByGoods(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ goodsId: goodsExchanges.goodsId, used: sql<number>`sum(${goodsExchanges.quantity})::int` })
    .from(goodsExchanges)
    .where(and(eq(goodsExchanges.userId, userId), ne(goodsExchanges.status, 'cancelled')))
    .groupBy(goodsExchanges.goodsId);
  return new Map(rows.map((row) => [row.goodsId, row.used]));
}

export type ExchangeResult = {
  id: number;
  goods_id: number;
  quantity: number;
  cost: number;
  status: (typeof exchangeStatus.enumValues)[number];
  /** The caller's coins after the exchange. */
  balance: number;
};

export async function exchangeGoods(
  db: DbOrTx,
  input: { userId: number; goodsId: number; quantity: number; addressId?: number; key: string; now: Date },
) {
  try {
    return await spendOnGoods(db, input);
  } catch (error) {
    // Coins are earned, never bought: "top up" is not the way out here.
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE')
      throw new DomainError('COINS_NOT_ENOUGH');
    throw error;
  }
}

function spendOnGoods(
  db: DbOrTx,
  input: { userId: number; goodsId: number; quantity: number; addressId?: number; key: string; now: Date },
) {
  return runOperation<ExchangeResult>(db, {
    key: `shop:${input.userId}:${input.key}`,
    kind: 'shop_exchange',
    userId: input.userId,
    payload: { goods: input.goodsId, quantity: input.quantity, address: input.addressId },
    now: input.now,
    prepare: async (tx, operationId) => {
      const [item] = await tx.select().from(goods).where(eq(goods.id, input.goodsId));
      if (!item?.active) throw new NotFoundError('GOODS_NOT_FOUND');
      let address: AddressSnapshot | null = null;
      if (item.kind === 'physical') {
        if (!input.addressId) throw new DomainError('SHOP_ADDRESS_REQUIRED');
        const [row] = await tx
          .select()
          .from(shopAddresses)
          .where(
            and(
              eq(shopAddresses.id, input.addressId),
              eq(shopAddresses.userId, input.userId),
              isNull(shopAddresses.deletedAt),
            ),
          );
        if (!row) throw new DomainError('SHOP_ADDRESS_REQUIRED');
        address = { name: row.name, phone: row.phone, region: row.region, detail: row.detail };
      }
      // The stock is taken first: the row lock orders every exchange of this goods, so the count of
      // the user's earlier exchanges below cannot change underneath.
      const taken = await tx
        .update(goods)
        .set({ stock: sql`${goods.stock} - ${input.quantity}` })
        .where(and(eq(goods.id, item.id), gte(goods.stock, input.quantity)))
        .returning({ stock: goods.stock });
      if (!taken.length) throw new DomainError('GOODS_SOLD_OUT');
      const used = (await usedByGoods(tx, input.userId)).get(item.id) ?? 0;
      if (used + input.quantity > item.perUserLimit)
        throw new DomainError('GOODS_LIMIT_REACHED', { values: { limit: item.perUserLimit } });
      await deliverVirtual(tx, item, input.userId, input.quantity, input.now);
      const cost = item.price * input.quantity;
      const shard = item.kind === 'physical' ? pickEscrowShard() : null;
      const [row] = await tx
        .insert(goodsExchanges)
        .values({
          operationId,
          userId: input.userId,
          goodsId: item.id,
          quantity: input.quantity,
          cost,
          status: item.kind === 'physical' ? 'pending' : 'delivered',
          address,
          escrowShard: shard,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning({ id: goodsExchanges.id, status: goodsExchanges.status });
      const legs: Leg[] = [
        {
          from: { user: input.userId },
          to: shard === null ? { system: 'burn' } : { system: 'escrow', shard },
          currency: 'coin',
          amount: cost,
        },
      ];
      return {
        legs,
        result: {
          id: row!.id,
          goods_id: item.id,
          quantity: input.quantity,
          cost,
          status: row!.status,
          balance: 0,
        },
        balanceFields: { balance: { user: input.userId, currency: 'coin' } },
      };
    },
  });
}

async function deliverVirtual(
  tx: Tx,
  item: typeof goods.$inferSelect,
  userId: number,
  quantity: number,
  now: Date,
) {
  if (item.kind === 'gift') {
    await grantBackpack(tx, userId, item.giftId!, item.giftCount * quantity);
  } else if (item.kind === 'horn') {
    await grantHornCredits(tx, userId, item.hornCount! * quantity, now);
  } else if (item.kind === 'badge_color') {
    await grantBadgeColor(tx, userId, item.badgeColor!, now);
  } else if (item.kind === 'nobility_trial') {
    const tier = item.nobilityTier!;
    const [current] = await tx.select().from(nobilities).where(eq(nobilities.userId, userId)).for('update');
    const inForce = current && current.expiresAt > now ? current : null;
    // A trial never replaces another tier in force: its days would be lost.
    if (inForce && inForce.tier !== tier)
      throw new DomainError('NOBILITY_TRIAL_OTHER_TIER', {
        values: { tier: tierOf(inForce.tier)?.code ?? '' },
      });
    const from = inForce ? inForce.expiresAt : now;
    const expiresAt = new Date(from.getTime() + item.trialDays! * quantity * DAY_MS);
    const startedAt = inForce ? inForce.startedAt : now;
    await tx
      .insert(nobilities)
      .values({ userId, tier, startedAt, expiresAt })
      .onConflictDoUpdate({
        target: nobilities.userId,
        set: { tier, startedAt, expiresAt, expiredAt: null },
      });
  }
}

export type ExchangeRecord = {
  id: number;
  goods_id: number;
  name: string;
  kind: GoodsView['kind'];
  gift_code: string | null;
  image: string;
  quantity: number;
  cost: number;
  status: ExchangeResult['status'];
  address: AddressSnapshot | null;
  created_at: string;
};

/** The caller's exchanges of the last three months, newest first. */
export async function exchangeRecords(db: DbOrTx, userId: number, locale: Locale, now: Date) {
  const rows = await db
    .select({ exchange: goodsExchanges, goods, giftCode: gifts.code })
    .from(goodsExchanges)
    .innerJoin(goods, eq(goods.id, goodsExchanges.goodsId))
    .leftJoin(gifts, eq(gifts.id, goods.giftId))
    .where(and(eq(goodsExchanges.userId, userId), gte(goodsExchanges.createdAt, recordsSince(now))))
    .orderBy(desc(goodsExchanges.createdAt), desc(goodsExchanges.id))
    .limit(100);
  return rows.map(
    ({ exchange, goods: item, giftCode }): ExchangeRecord => ({
      id: exchange.id,
      goods_id: item.id,
      name: pick(item.names, locale),
      kind: item.kind,
      gift_code: giftCode,
      image: `/shop/${item.code}.svg`,
      quantity: exchange.quantity,
      cost: exchange.cost,
      status: exchange.status,
      address: exchange.address,
      created_at: exchange.createdAt.toISOString(),
    }),
  );
}

const NEXT_STATUS: Record<string, readonly string[]> = {
  pending: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/**
 * An operator moves a physical exchange: pending → shipped → delivered (the held coins are burnt), or
 * cancelled before delivery (the coins go back to the user and the stock returns).
 */
export async function moveExchange(
  db: DbOrTx,
  input: { id: number; status: 'shipped' | 'delivered' | 'cancelled'; operatorId: number; now: Date },
) {
  const [owner] = await db
    .select({ userId: goodsExchanges.userId })
    .from(goodsExchanges)
    .where(eq(goodsExchanges.id, input.id));
  if (!owner) throw new NotFoundError('EXCHANGE_NOT_FOUND');
  const outcome = await runOperation<{ id: number; status: string }>(db, {
    key: `shop-move:${input.id}:${input.status}`,
    kind: input.status === 'cancelled' ? 'shop_refund' : 'shop_exchange',
    // A refund shows in the user's coin records; the other moves are the operator's.
    userId: input.status === 'cancelled' ? owner.userId : input.operatorId,
    payload: { id: input.id, status: input.status },
    now: input.now,
    prepare: async (tx) => {
      const [row] = await tx
        .select()
        .from(goodsExchanges)
        .where(eq(goodsExchanges.id, input.id))
        .for('update');
      if (!row || row.escrowShard === null) throw new NotFoundError('EXCHANGE_NOT_FOUND');
      if (!NEXT_STATUS[row.status]!.includes(input.status))
        throw new DomainError('EXCHANGE_STATUS_INVALID', { values: { status: row.status } });
      await tx
        .update(goodsExchanges)
        .set({ status: input.status, updatedAt: input.now })
        .where(eq(goodsExchanges.id, row.id));
      const escrow = { system: 'escrow' as const, shard: row.escrowShard };
      let legs: Leg[] = [];
      if (input.status === 'cancelled') {
        await tx
          .update(goods)
          .set({ stock: sql`${goods.stock} + ${row.quantity}` })
          .where(eq(goods.id, row.goodsId));
        legs = [{ from: escrow, to: { user: row.userId }, currency: 'coin', amount: row.cost }];
      } else if (input.status === 'delivered') {
        legs = [{ from: escrow, to: { system: 'burn' }, currency: 'coin', amount: row.cost }];
      }
      return { legs, result: { id: row.id, status: input.status } };
    },
  });
  return outcome.result;
}

/** Physical exchanges for the operators' list (newest first), optionally of one status. */
export async function physicalExchanges(
  db: DbOrTx,
  status: ExchangeResult['status'] | undefined,
  locale: Locale,
) {
  const rows = await db
    .select({ exchange: goodsExchanges, goods })
    .from(goodsExchanges)
    .innerJoin(goods, eq(goods.id, goodsExchanges.goodsId))
    .where(and(eq(goods.kind, 'physical'), status ? eq(goodsExchanges.status, status) : undefined))
    .orderBy(desc(goodsExchanges.createdAt))
    .limit(200);
  return rows.map(({ exchange, goods: item }) => ({
    id: exchange.id,
    user_id: exchange.userId,
    name: pick(item.names, locale),
    quantity: exchange.quantity,
    cost: exchange.cost,
    status: exchange.status,
    address: exchange.address,
    created_at: exchange.createdAt.toISOString(),
  }));
}

export type AddressInput = AddressSnapshot;

export async function addressesOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.userId, userId), isNull(shopAddresses.deletedAt)))
    .orderBy(desc(shopAddresses.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    region: row.region,
    detail: row.detail,
  }));
}

export async function saveAddress(
  db: DbOrTx,
  userId: number,
  input: AddressInput & { id?: number },
  now: Date,
) {
  if (input.id) {
    const [row] = await db
      .update(shopAddresses)
      .set({ name: input.name, phone: input.phone, region: input.region, detail: input.detail })
      .where(
        and(
          eq(shopAddresses.id, input.id),
          eq(shopAddresses.userId, userId),
          isNull(shopAddresses.deletedAt),
        ),
      )
      .returning({ id: shopAddresses.id });
    if (!row) throw new NotFoundError('ADDRESS_NOT_FOUND');
    return row;
  }
  if ((await addressesOf(db, userId)).length >= MAX_ADDRESSES)
    throw new DomainError('ADDRESS_LIMIT', { values: { max: MAX_ADDRESSES } });
  const [row] = await db
    .insert(shopAddresses)
    .values({ userId, ...input, createdAt: now })
    .returning({ id: shopAddresses.id });
  return row!;
}

export async function deleteAddress(db: DbOrTx, userId: number, id: number, now: Date) {
  const [row] = await db
    .update(shopAddresses)
    .set({ deletedAt: now })
    .where(and(eq(shopAddresses.id, id), eq(shopAddresses.userId, userId), isNull(shopAddresses.deletedAt)))
    .returning({ id: shopAddresses.id });
  if (!row) throw new NotFoundError('ADDRESS_NOT_FOUND');
}
