// Bank and money calls of spec §7 for earners (anchors, experts, anyone holding yellow diamonds:
// ./earner.ts): binding a bank card and an Alipay account, withdrawals (with the payment password), and
// converting earnings. The decisions are the review queue's (lib/review).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { balancesOf } from '@/lib/wallet/ledger';
import { requireEarner } from './earner';
import {
  alipayOf,
  applyForWithdrawal,
  bankCardOf,
  bindAlipay,
  bindBankCard,
  convertEarnings,
  withdrawalList,
} from './service';

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const size = z.coerce.number().int().min(1).max(50).default(15);
/** Any number here; the service refuses "-5" or "1.5" with the translated INVALID_AMOUNT. */
const amount = z.coerce.number();
const cardSchema = z.object({ bank_name: z.string(), card_number: z.string(), real_name: z.string() });
const alipaySchema = z.object({ account: z.string(), real_name: z.string() });
const withdrawalSchema = z.object({
  id: z.number(),
  amount: z.number(),
  fee: z.number(),
  payout: z.number(),
  method: z.enum(['bank', 'alipay']),
  destination: z.string(),
  status: z.enum(['pending', 'approved', 'paid', 'rejected']),
  payout_reference: z.string().nullable(),
  return_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
const rules = () => ({ min: getConfig().WITHDRAW_MIN, feePercent: getConfig().WITHDRAW_FEE_PERCENT });

export function registerEarningsRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Bank_card/bind',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Earnings',
      summary: 'Binds (or replaces) the bank card payouts go to; the number must pass the Luhn check',
      middleware: [requireUser],
      input: z.object({
        bank_name: z.string().trim().min(2).max(40),
        card_number: z.string().trim().min(12).max(23),
        real_name: z.string().trim().min(1).max(40),
      }),
      output: z.object({ card: cardSchema }),
    },
    async (c, input) => ({
      card: (await bindBankCard(
        c.var.db,
        c.var.user!.id,
        { bankName: input.bank_name, cardNumber: input.card_number, realName: input.real_name },
        c.var.now,
      ))!,
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/Bank_card/getInfo',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Earnings',
      summary: 'The bound bank card, masked (null when none)',
      middleware: [requireUser],
      output: z.object({ card: cardSchema.nullable() }),
    },
    async (c) => ({ card: await bankCardOf(c.var.db, c.var.user!.id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Bank_card/bindAliPay',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Earnings',
      summary: 'Binds (or replaces) the Alipay account payouts go to (a mobile number or an e-mail)',
      middleware: [requireUser],
      input: z.object({
        account: z.string().trim().min(3).max(64),
        real_name: z.string().trim().min(1).max(40),
      }),
      output: z.object({ alipay: alipaySchema }),
    },
    async (c, input) => ({
      alipay: (await bindAlipay(
        c.var.db,
        c.var.user!.id,
        { account: input.account, realName: input.real_name },
        c.var.now,
      ))!,
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/Bank_card/getAliPayInfo',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Earnings',
      summary: 'The bound Alipay account, masked (null when none)',
      middleware: [requireUser],
      output: z.object({ alipay: alipaySchema.nullable() }),
    },
    async (c) => ({ alipay: await alipayOf(c.var.db, c.var.user!.id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Balance/applyForWithdrawal',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Earnings',
      summary:
        'An earner (an anchor, an approved expert, or anyone holding yellow diamonds) applies to withdraw yellow diamonds (type bank or alipay) with the payment password; the amount goes to escrow until finance decides. `key` makes a retry safe',
      middleware: [requireEarner],
      input: z.object({
        amount,
        type: z.enum(['bank', 'alipay']).default('bank'),
        pay_password: z.string().min(1).max(32),
        key: idempotencyKey,
      }),
      output: withdrawalSchema.extend({ replayed: z.boolean() }),
    },
    async (c, input) => {
      const outcome = await applyForWithdrawal(
        c.var.db,
        c.var.user!.id,
        {
          amount: input.amount,
          method: input.type,
          paymentPassword: input.pay_password,
          key: input.key ?? crypto.randomUUID(),
        },
        rules(),
        c.var.now,
      );
      return { ...outcome.result, replayed: outcome.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Balance/withdrawalList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Earnings',
      summary:
        "An earner's withdrawals of the last three months with their states, the withdrawable yellow diamonds, the minimum and the fee",
      middleware: [requireEarner],
      input: z.object({ page, size }),
      output: z.object({
        total: z.number(),
        list: z.array(withdrawalSchema),
        yellow: z.number(),
        min: z.number(),
        fee_percent: z.number(),
      }),
    },
    async (c, input) => {
      const [list, balances] = await Promise.all([
        withdrawalList(c.var.db, c.var.user!.id, c.var.now, input.page, input.size),
        balancesOf(c.var.db, c.var.user!.id),
      ]);
      const { min, feePercent } = rules();
      return { ...list, yellow: balances.yellow, min, fee_percent: feePercent };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Balance/conversionBalance',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Earnings',
      summary:
        'Converts yellow diamonds (earnings) into star diamonds 1:1. Irreversible, and star diamonds cannot be withdrawn: refused unless `confirm=1`',
      middleware: [requireUser],
      input: z.object({
        amount,
        confirm: z.coerce.number().int().min(0).max(1).default(0),
        key: idempotencyKey,
      }),
      output: z.object({ yellow: z.number(), star: z.number(), replayed: z.boolean() }),
    },
    async (c, input) => {
      const outcome = await convertEarnings(
        c.var.db,
        c.var.user!.id,
        { amount: input.amount, confirmed: input.confirm === 1, key: input.key ?? crypto.randomUUID() },
        c.var.now,
      );
      return { ...outcome.result, replayed: outcome.replayed };
    },
  );
}
