// Recharge (spec §7 Bank and money): packages, channels, orders, and crediting a paid order exactly
// once — the order's ledger key is `recharge:<order no>`, so a replayed notification finds the
// operation already done and moves nothing.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import { log } from '@/lib/log';
import { secretFor } from '@/lib/system/secrets';
import { recordsSince } from '@/lib/time/record-window';
import { mintLeg, runOperation } from './ledger';
import { alipayProvider } from './payments/alipay';
import type { PayChannel, PayContext, PaymentProvider } from './payments/provider';
import { sandboxProvider, signSandboxNotify } from './payments/sandbox';
import { vnpayProvider } from './payments/vnpay';
import { chargeRules, payChannels, payOrders } from './schema';

/** The packages a fresh install offers (CNY in fen, VND in đồng); operators change them in the table. */
export const DEFAULT_CHARGE_RULES = [
  { diamonds: 60, bonus: 0, priceMinor: 600, priceCurrency: 'CNY', sort: 1 },
  { diamonds: 300, bonus: 0, priceMinor: 3000, priceCurrency: 'CNY', sort: 2 },
  { diamonds: 680, bonus: 20, priceMinor: 6800, priceCurrency: 'CNY', sort: 3 },
  { diamonds: 1280, bonus: 60, priceMinor: 12800, priceCurrency: 'CNY', sort: 4 },
  { diamonds: 3280, bonus: 200, priceMinor: 32800, priceCurrency: 'CNY', sort: 5 },
  { diamonds: 6480, bonus: 500, priceMinor: 64800, priceCurrency: 'CNY', sort: 6 },
  { diamonds: 60, bonus: 0, priceMinor: 20000, priceCurrency: 'VND', sort: 1 },
  { diamonds: 300, bonus: 0, priceMinor: 100000, priceCurrency: 'VND', sort: 2 },
  { diamonds: 680, bonus: 20, priceMinor: 220000, priceCurrency: 'VND', sort: 3 },
  { diamonds: 1280, bonus: 60, priceMinor: 420000, priceCurrency: 'VND', sort: 4 },
];

export async function seedChargeRules(db: DbOrTx) {
  await db.insert(chargeRules).values(DEFAULT_CHARGE_RULES).onConflictDoNothing();
}

export async function listChargeRules(db: DbOrTx, currency?: string) {
  const rows = await db
    .select()
    .from(chargeRules)
    .where(and(eq(chargeRules.active, 1), currency ? eq(chargeRules.priceCurrency, currency) : undefined))
    .orderBy(asc(chargeRules.priceCurrency), asc(chargeRules.sort), asc(chargeRules.diamonds));
  return rows;
}

/** Every package, hidden ones too (the console). */
export const chargeRulesForStaff = (db: DbOrTx) =>
  db
    .select()
    .from(chargeRules)
    .orderBy(asc(chargeRules.priceCurrency), asc(chargeRules.sort), asc(chargeRules.diamonds));

export type ChargeRuleInput = {
  id?: number | undefined;
  diamonds: number;
  bonus: number;
  priceMinor: number;
  priceCurrency: 'CNY' | 'VND';
  sort: number;
  active: boolean;
};

/**
 * Operators add a package or change one. Orders already made keep what they were sold at (an order
 * stores its diamonds and price), so a change only reaches the orders made after it.
 */
export async function saveChargeRule(db: DbOrTx, input: ChargeRuleInput) {
  const { id, active, ...rest } = input;
  const values = { ...rest, active: active ? 1 : 0 };
  const [clash] = await db
    .select({ id: chargeRules.id })
    .from(chargeRules)
    .where(and(eq(chargeRules.priceCurrency, input.priceCurrency), eq(chargeRules.diamonds, input.diamonds)));
  if (clash && clash.id !== id) throw new DomainError('CHARGE_RULE_EXISTS');
  if (id === undefined) {
    const [row] = await db.insert(chargeRules).values(values).returning();
    return { before: null, row: row! };
  }
  const [before] = await db.select().from(chargeRules).where(eq(chargeRules.id, id));
  if (!before) throw new NotFoundError('CHARGE_RULE_NOT_FOUND');
  const [row] = await db.update(chargeRules).set(values).where(eq(chargeRules.id, id)).returning();
  return { before, row: row! };
}

/** The channels the code knows, in the order a fresh install lists them. */
export const PAY_CHANNELS = ['alipay', 'vnpay', 'sandbox'] as const satisfies readonly PayChannel[];

/** The providers configured on this install (their secrets are in the environment), in the code's order. */
async function configuredProviders(db: DbOrTx): Promise<PaymentProvider[]> {
  const config = getConfig();
  const providers: PaymentProvider[] = [];
  if (config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY)
    providers.push(
      alipayProvider({
        appId: config.ALIPAY_APP_ID,
        privateKey: config.ALIPAY_PRIVATE_KEY,
        alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
        gateway: config.ALIPAY_GATEWAY,
      }),
    );
  if (config.VNPAY_TMN_CODE && config.VNPAY_SECURE_SECRET)
    providers.push(
      vnpayProvider({
        tmnCode: config.VNPAY_TMN_CODE,
        secureSecret: config.VNPAY_SECURE_SECRET,
        host: config.VNPAY_HOST,
      }),
    );
  if (config.PAY_SANDBOX) providers.push(sandboxProvider(await secretFor(db, 'pay-sandbox')));
  return providers;
}

/**
 * Every channel the code knows with whether it is configured here (never a secret), and the operator's
 * on/off and order (the `pay_channels` table; a channel without a row is on, after the others).
 */
export async function payChannelsForStaff(db: DbOrTx) {
  const [rows, configured] = await Promise.all([db.select().from(payChannels), configuredProviders(db)]);
  return PAY_CHANNELS.map((channel, index) => {
    const row = rows.find((candidate) => candidate.channel === channel);
    return {
      channel,
      configured: configured.some((provider) => provider.channel === channel),
      active: row?.active ?? true,
      sort: row?.sort ?? 100 + index,
      updatedAt: row?.updatedAt ?? null,
    };
  }).sort((a, b) => a.sort - b.sort || PAY_CHANNELS.indexOf(a.channel) - PAY_CHANNELS.indexOf(b.channel));
}

/** An operator switches a channel on or off and orders it; returns the row before and after. */
export async function savePayChannel(
  db: DbOrTx,
  input: { channel: PayChannel; active: boolean; sort: number },
  now: Date,
) {
  const before = (await payChannelsForStaff(db)).find((row) => row.channel === input.channel)!;
  await db
    .insert(payChannels)
    .values({ ...input, updatedAt: now })
    .onConflictDoUpdate({
      target: payChannels.channel,
      set: { active: input.active, sort: input.sort, updatedAt: now },
    });
  const after = (await payChannelsForStaff(db)).find((row) => row.channel === input.channel)!;
  return { before, after };
}

/**
 * The channels this install offers buyers, in the operator's order: configured (the sandbox unless turned
 * off, and every provider with its secrets) and switched on in the console. Read on every call, so a
 * change applies without a restart.
 */
export async function paymentProviders(db: DbOrTx): Promise<PaymentProvider[]> {
  const [channels, configured] = await Promise.all([payChannelsForStaff(db), configuredProviders(db)]);
  return channels
    .filter((channel) => channel.active)
    .flatMap((channel) => configured.filter((provider) => provider.channel === channel.channel));
}

/** A channel offered to buyers (a new order), or the refusal. */
export async function offeredProvider(db: DbOrTx, channel: string) {
  const provider = (await paymentProviders(db)).find((p) => p.channel === channel);
  if (!provider) throw new DomainError('PAY_CHANNEL_UNAVAILABLE');
  return provider;
}

/**
 * A configured channel, on or off: orders made before an operator switched it off still settle through
 * it (its notifications, the sandbox's checkout).
 */
export async function providerFor(db: DbOrTx, channel: string) {
  const provider = (await configuredProviders(db)).find((p) => p.channel === channel);
  if (!provider) throw new DomainError('PAY_CHANNEL_UNAVAILABLE');
  return provider;
}

const newOrderNo = (now: Date) =>
  `R${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;

/** Makes an order for a package and returns where to pay it. */
export async function createOrder(
  db: DbOrTx,
  userId: number,
  input: { ruleId: number; channel: PayChannel },
  context: PayContext,
  subject: string,
) {
  const provider = await offeredProvider(db, input.channel);
  const [rule] = await db
    .select()
    .from(chargeRules)
    .where(and(eq(chargeRules.id, input.ruleId), eq(chargeRules.active, 1)));
  if (!rule) throw new NotFoundError('CHARGE_RULE_NOT_FOUND');
  if (!provider.currencies.includes(rule.priceCurrency)) throw new DomainError('PAY_CHANNEL_CURRENCY');
  const [order] = await db
    .insert(payOrders)
    .values({
      orderNo: newOrderNo(context.now),
      userId,
      ruleId: rule.id,
      channel: provider.channel,
      diamonds: rule.diamonds + rule.bonus,
      priceMinor: rule.priceMinor,
      priceCurrency: rule.priceCurrency,
      createdAt: context.now,
    })
    .returning();
  const url = await provider.payUrl(
    { orderNo: order!.orderNo, priceMinor: order!.priceMinor, priceCurrency: order!.priceCurrency, subject },
    context,
  );
  return { order: order!, url };
}

export async function orderOf(db: DbOrTx, userId: number, orderNo: string) {
  const [order] = await db
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.userId, userId)));
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
  return order;
}

export type SettleResult = {
  order_no: string;
  status: 'paid' | 'cancelled' | 'paid_after_cancel';
  diamonds: number;
  replayed: boolean;
};

/**
 * Handles a provider's notification: a bad signature is refused (`PAY_BAD_SIGNATURE`); a paid one
 * credits the order's diamonds exactly once; a failed one closes a pending order.
 */
export async function settleNotification(
  db: DbOrTx,
  provider: PaymentProvider,
  params: Record<string, string>,
  now: Date,
): Promise<SettleResult> {
  const verified = await provider.verifyNotify(params);
  if (!verified) throw new DomainError('PAY_BAD_SIGNATURE');
  const [order] = await db
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.orderNo, verified.orderNo), eq(payOrders.channel, provider.channel)));
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
  if (verified.amountMinor !== order.priceMinor) throw new DomainError('PAY_AMOUNT_MISMATCH');
  if (!verified.paid) {
    await db
      .update(payOrders)
      .set({ status: 'cancelled', settledAt: now })
      .where(and(eq(payOrders.id, order.id), eq(payOrders.status, 'pending')));
    const [after] = await db.select().from(payOrders).where(eq(payOrders.id, order.id));
    return {
      order_no: order.orderNo,
      status: after!.status === 'pending' ? 'cancelled' : after!.status,
      diamonds: 0,
      replayed: false,
    };
  }
  const outcome = await runOperation(db, {
    key: `recharge:${order.orderNo}`,
    kind: 'recharge',
    userId: order.userId,
    payload: { order: order.orderNo },
    now,
    prepare: async (tx) => {
      // Paying an order the buyer cancelled still delivers what was paid for (the money was taken),
      // as a real shop does; the order is marked `paid_after_cancel` and logged for support.
      const updated = await tx
        .update(payOrders)
        .set({
          status: sql`case when ${payOrders.status} = 'cancelled' then 'paid_after_cancel'::pay_order_status else 'paid'::pay_order_status end`,
          providerTradeNo: verified.tradeNo.slice(0, 64),
          settledAt: now,
        })
        .where(and(eq(payOrders.id, order.id)))
        .returning();
      const status = updated[0]!.status as 'paid' | 'paid_after_cancel';
      if (status === 'paid_after_cancel')
        log.warn(
          { orderNo: order.orderNo, channel: provider.channel, tradeNo: verified.tradeNo },
          'payment arrived for a cancelled order: credited and marked paid_after_cancel',
        );
      return {
        legs: [mintLeg(order.userId, 'star', order.diamonds)],
        result: { order_no: order.orderNo, diamonds: updated[0]!.diamonds, status },
      };
    },
  });
  return {
    order_no: order.orderNo,
    status: outcome.result.status ?? 'paid',
    diamonds: outcome.result.diamonds,
    replayed: outcome.replayed,
  };
}

/** The user's order, its row locked until the transaction ends: a confirm and a cancel take turns. */
async function lockedOrder(tx: DbOrTx, userId: number, orderNo: string) {
  const [order] = await tx
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.userId, userId)))
    .for('update');
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
  return order;
}

/**
 * The buyer gives up a pending order (the sandbox's cancel, or a closed payment page). Whichever of a
 * payment and a cancel commits first wins: a cancel that finds the order paid changes nothing and answers
 * it as it is (paid, its diamonds credited), never "cancelled". A provider's notification that arrives
 * after a committed cancel still credits (the money was taken) as `paid_after_cancel`.
 */
export async function cancelOrder(db: DbOrTx, userId: number, orderNo: string, now: Date) {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, userId, orderNo);
    if (order.status !== 'pending') return order;
    const [cancelled] = await tx
      .update(payOrders)
      .set({ status: 'cancelled', settledAt: now })
      .where(and(eq(payOrders.id, order.id), eq(payOrders.status, 'pending')))
      .returning();
    return cancelled!;
  });
}

/**
 * The sandbox checkout's confirm: the buyer pays on the portal's own page, delivered as a signed
 * notification through the provider path. The order row is locked first, so a cancel sent at the same
 * moment either committed before (the confirm is refused, `ORDER_CLOSED`: nothing was paid) or waits and
 * then finds the order paid. A confirm retried after its answer was lost answers what the first one did.
 */
export async function confirmSandboxOrder(db: DbOrTx, userId: number, orderNo: string, now: Date) {
  const provider = await providerFor(db, 'sandbox');
  const secret = await secretFor(db, 'pay-sandbox');
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, userId, orderNo);
    if (order.channel !== 'sandbox') throw new DomainError('PAY_CHANNEL_UNAVAILABLE');
    if (order.status === 'paid' || order.status === 'paid_after_cancel') return order;
    if (order.status !== 'pending') throw new DomainError('ORDER_CLOSED');
    const notify = signSandboxNotify(secret, {
      order_no: order.orderNo,
      trade_no: `SBX${order.id}`,
      status: 'paid',
      amount: order.priceMinor,
    });
    await settleNotification(tx, provider, notify, now);
    return lockedOrder(tx, userId, orderNo);
  });
}

/** The user's recharge orders of the last three months, newest first. */
export async function listOrders(db: DbOrTx, userId: number, now: Date, page: number, size: number) {
  return db
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.userId, userId), gte(payOrders.createdAt, recordsSince(now))))
    .orderBy(desc(payOrders.createdAt), desc(payOrders.id))
    .limit(size)
    .offset((page - 1) * size);
}
