// Finance's payout routes (issue #41, item 6): the approved withdrawals waiting for the money to leave,
// paying one by hand with its payout reference, a channel's batch file, the returned file imported, and
// the daily finance report from the ledger (lib/wallet/finance-report.ts). Finance and operators only;
// every write is in the audit log with what it paid.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { decisionReasonSchema } from '@/lib/admin/decision';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { financeReport, financeReportCsv, REPORT_CURRENCIES } from '@/lib/wallet/finance-report';
import { recordLabelKey } from '@/lib/wallet/kinds';
import {
  exportPayoutBatch,
  importReturnedFile,
  PAYOUT_CHANNELS,
  RETURNED_FILE_MAX,
  RETURNED_OUTCOMES,
} from './payout-batch';
import {
  PAYOUT_LIST_STATUSES,
  PAYOUT_RETURN_REASONS,
  payoutList,
  payWithdrawal,
  returnWithdrawal,
} from './payouts';

const FINANCE = ['finance'] as const;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 92;

const payoutSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  nickname: z.string(),
  reference: z.string(),
  amount: z.number(),
  fee: z.number(),
  payout: z.number(),
  method: z.enum(PAYOUT_CHANNELS),
  destination: z.string(),
  status: z.enum(PAYOUT_LIST_STATUSES),
  payout_reference: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  exported_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  return_reason: z.string().nullable(),
  return_note: z.string().nullable(),
});

const flows = {
  minted: z.number(),
  burnt: z.number(),
  revenue: z.number(),
  escrow: z.number(),
  users: z.number(),
};

export function registerPayoutRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/withdrawals/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Finance',
      summary:
        'Withdrawals in one state (approved: waiting to be paid, oldest first), with the full destination, our batch reference and the payout reference',
      staff: FINANCE,
      input: z.object({
        status: z.enum(PAYOUT_LIST_STATUSES).default('approved'),
        method: z.enum(PAYOUT_CHANNELS).optional(),
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        size: z.coerce.number().int().min(1).max(100).default(50),
      }),
      output: z.object({ total: z.number(), list: z.array(payoutSchema) }),
    },
    (c, input) => payoutList(c.var.db, input),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/withdrawals/pay',
      effect: 'write',
      methods: ['post'],
      tag: 'Finance',
      summary:
        'Pays an approved withdrawal with the bank’s or Alipay’s payout reference (escrow → paid out, the fee → revenue); the earner is told with the reference. A reference pays one withdrawal only',
      staff: FINANCE,
      input: z.object({
        id: z.coerce.number().int().positive(),
        payout_reference: z.string().max(200).default(''),
      }),
      output: payoutSchema
        .omit({
          user_id: true,
          nickname: true,
          reference: true,
          exported_at: true,
          return_reason: true,
          return_note: true,
        })
        .extend({
          replayed: z.boolean(),
        }),
    },
    async (c, input) => {
      const outcome = await payWithdrawal(
        c.var.db,
        c.var.user!.id,
        input.id,
        input.payout_reference,
        c.var.now,
      );
      auditChange(c, {
        targetType: 'withdrawal',
        targetId: input.id,
        before: { status: 'approved' },
        after: { status: 'paid', payout_reference: outcome.withdrawal.payout_reference },
      });
      return { ...outcome.withdrawal, replayed: outcome.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/withdrawals/return',
      effect: 'write',
      methods: ['post'],
      tag: 'Finance',
      summary:
        'Returns an approved withdrawal whose payment failed (退回): it is refused and its whole amount goes back from escrow to the earner in one ledger operation, as a rejection does; the earner is told the reason. A paid, pending or already returned withdrawal is refused and nothing moves',
      staff: FINANCE,
      input: z
        .object({ id: z.coerce.number().int().positive() })
        .extend(decisionReasonSchema.shape)
        .extend({ reason_code: z.enum(PAYOUT_RETURN_REASONS) }),
      output: z.object({ id: z.number(), status: z.enum(PAYOUT_LIST_STATUSES), refunded: z.number() }),
    },
    async (c, input) => {
      const outcome = await returnWithdrawal(
        c.var.db,
        c.var.user!.id,
        input.id,
        { code: input.reason_code, note: input.reason },
        c.var.now,
      );
      // Twice by hand is a mistake to say, not a silent success (the returned file replays quietly).
      if (outcome.replayed) throw new DomainError('WITHDRAWAL_RETURNED_ALREADY');
      auditChange(c, {
        targetType: 'withdrawal',
        targetId: input.id,
        before: { status: 'approved' },
        after: { status: 'rejected', refunded: outcome.withdrawal.amount },
      });
      return { id: input.id, status: outcome.withdrawal.status, refunded: outcome.withdrawal.amount };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/withdrawals/export',
      effect: 'write',
      methods: ['post'],
      tag: 'Finance',
      summary:
        'The approved, unpaid withdrawals of one channel (bank or alipay) as a CSV batch file to upload to the bank or Alipay; each is marked exported the first time',
      staff: FINANCE,
      input: z.object({ channel: z.enum(PAYOUT_CHANNELS) }),
      output: z.object({ filename: z.string(), body: z.string(), count: z.number(), payout: z.number() }),
    },
    async (c, input) => {
      const batch = await exportPayoutBatch(c.var.db, input.channel, c.var.now);
      auditChange(c, {
        targetType: 'withdrawal',
        targetId: batch.ids.join(',').slice(0, 64),
        after: { channel: input.channel, count: batch.count, payout: batch.payout, ids: batch.ids },
      });
      const { ids: _ids, ...file } = batch;
      return file;
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/withdrawals/import',
      effect: 'write',
      methods: ['post'],
      tag: 'Finance',
      summary:
        'Imports the file the bank or Alipay returned (CSV with `reference` and `payout_reference`, optional `status`, `payout` and `message`): each successful row pays its withdrawal, each failed row returns it to the earner (refunded, told why); unknown or wrong rows are refused one by one with their reason; importing again pays or refunds nothing twice',
      staff: FINANCE,
      input: z.object({ file: z.string().min(1).max(RETURNED_FILE_MAX) }),
      output: z.object({
        paid: z.number(),
        already_paid: z.number(),
        returned: z.number(),
        already_returned: z.number(),
        refused: z.number(),
        rows: z.array(
          z.object({
            line: z.number(),
            reference: z.string(),
            withdrawal_id: z.number().nullable(),
            outcome: z.enum(RETURNED_OUTCOMES),
            payout_reference: z.string(),
            code: z.string().nullable(),
            msg: z.string().nullable(),
          }),
        ),
      }),
    },
    async (c, input) => {
      const result = await importReturnedFile(c.var.db, c.var.user!.id, input.file, c.var.now);
      const paid = result.rows.filter((row) => row.outcome === 'paid');
      const returned = result.rows.filter((row) => row.outcome === 'returned');
      auditChange(c, {
        targetType: 'withdrawal',
        targetId: [...paid, ...returned]
          .map((row) => row.withdrawalId)
          .join(',')
          .slice(0, 64),
        after: {
          paid: paid.map((row) => ({ id: row.withdrawalId, payout_reference: row.payoutReference })),
          returned: returned.map((row) => row.withdrawalId),
          already_paid: result.alreadyPaid,
          already_returned: result.alreadyReturned,
          refused: result.refused,
        },
      });
      const say = c.var.t as unknown as (key: string, values?: Record<string, string | number>) => string;
      return {
        paid: result.paid,
        already_paid: result.alreadyPaid,
        returned: result.returned,
        already_returned: result.alreadyReturned,
        refused: result.refused,
        rows: result.rows.map((row) => ({
          line: row.line,
          reference: row.reference,
          withdrawal_id: row.withdrawalId,
          outcome: row.outcome,
          payout_reference: row.payoutReference,
          code: row.code ?? null,
          msg: row.code ? say(`errors.${row.code}`, { reference: row.reference, ...row.values }) : null,
        })),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/finance/report',
      effect: 'read',
      methods: ['get'],
      tag: 'Finance',
      summary:
        "The daily finance report of a day range (the portal's zone), from the ledger: per day, kind of operation (recharges by channel, gifts, plan sales, shop, withdrawals, …) and currency, what was minted, burnt, kept as revenue, held in escrow and landed in wallets; with `format=csv`, also as a CSV file",
      staff: FINANCE,
      input: z
        .object({ from: day, to: day, format: z.enum(['json', 'csv']).default('json') })
        .refine((range) => range.from <= range.to, { message: 'from', path: ['from'] })
        .refine(
          (range) =>
            (new Date(`${range.to}T00:00:00Z`).getTime() - new Date(`${range.from}T00:00:00Z`).getTime()) /
              86_400_000 <
            REPORT_MAX_DAYS,
          { message: 'to', path: ['to'] },
        ),
      output: z.object({
        from: z.string(),
        to: z.string(),
        timeZone: z.string(),
        rows: z.array(
          z.object({
            day: z.string(),
            section: z.string(),
            kind: z.string(),
            channel: z.string(),
            currency: z.enum(REPORT_CURRENCIES),
            operations: z.number(),
            paidMinor: z.number(),
            paidCurrency: z.string(),
            ...flows,
          }),
        ),
        totals: z.array(z.object({ currency: z.enum(REPORT_CURRENCIES), operations: z.number(), ...flows })),
        paid: z.array(z.object({ currency: z.string(), minor: z.number(), orders: z.number() })),
        csv: z.object({ filename: z.string(), body: z.string() }).nullable(),
      }),
    },
    async (c, input) => {
      const report = await financeReport(c.var.db, input, getConfig().TIME_ZONE);
      const label = (kind: string) => c.var.t(`wallet.kinds.${recordLabelKey(kind, -1)}` as never);
      return {
        ...report,
        csv:
          input.format === 'csv'
            ? { filename: `finance-${input.from}-${input.to}.csv`, body: financeReportCsv(report, label) }
            : null,
      };
    },
  );
}
