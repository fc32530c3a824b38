// The daily finance report (issue #41, item 6), read from the ledger itself: for each local day (the
// portal's zone), each kind of money operation (recharges by channel, gifts, plan sales, shop, withdrawals,
// …) and each currency, how much was minted (entered the platform), burnt (left it), kept as platform
// revenue, held in escrow, and landed in users' wallets. Every row balances on its own —
// minted = burnt + revenue + escrow + users — because it sums the same transfers by the kind of account
// on each side; summed over every day, the columns are the ledger's own accounts (mint, burn, revenue,
// escrow, users), which `ledger:check` proves. Recharges also carry what the pay orders took in money.
// Experience (`exp`) is not money and stays out.

import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { LEDGER_KINDS, type LedgerKind } from './kinds';

export const REPORT_CURRENCIES = ['star', 'yellow', 'coin'] as const;
export type ReportCurrency = (typeof REPORT_CURRENCIES)[number];

/** The report's sections, in order, and the operation kinds each gathers. */
export const REPORT_SECTIONS = {
  recharge: ['recharge'],
  gifts: ['gift', 'fan_club', 'nobility', 'horn', 'horn_review', 'red_envelope', 'red_claim', 'red_refund'],
  plans: ['plan_purchase', 'plan_income', 'plan_refund'],
  shop: ['shop_exchange', 'shop_refund'],
  withdrawals: ['withdraw', 'withdraw_paid', 'withdraw_rejected', 'conversion'],
  rewards: ['reward', 'sign_in', 'task_reward', 'invite_reward'],
  guess: ['guess_stake', 'guess_settle', 'guess_refund'],
} as const satisfies Record<string, readonly LedgerKind[]>;
export type ReportSection = keyof typeof REPORT_SECTIONS | 'other';

export const sectionOf = (kind: string): ReportSection =>
  (Object.entries(REPORT_SECTIONS).find(([, kinds]) => (kinds as readonly string[]).includes(kind))?.[0] as
    | ReportSection
    | undefined) ?? 'other';

/** The money columns of a row: net amounts per kind of account (negative: flowed out of it). */
export const FLOW_COLUMNS = ['minted', 'burnt', 'revenue', 'escrow', 'users'] as const;
export type Flows = Record<(typeof FLOW_COLUMNS)[number], number>;

export type ReportRow = Flows & {
  day: string;
  section: ReportSection;
  kind: string;
  /** Recharges: the pay channel (alipay, wechat, …); otherwise empty. */
  channel: string;
  currency: ReportCurrency;
  operations: number;
  /** Recharges: the money the pay orders took, in the minor unit of `paidCurrency`. */
  paidMinor: number;
  paidCurrency: string;
};

export type FinanceReport = {
  from: string;
  to: string;
  timeZone: string;
  rows: ReportRow[];
  /** Per currency, the columns summed over the range. */
  totals: (Flows & { currency: ReportCurrency; operations: number })[];
  /** Money taken by recharges per price currency (minor units). */
  paid: { currency: string; minor: number; orders: number }[];
};

const DAY_MS = 86_400_000;

export async function financeReport(
  db: DbOrTx,
  range: { from: string; to: string },
  timeZone: string,
): Promise<FinanceReport> {
  // A day either side of the range in UTC: the local days are then cut exactly by the zone.
  const lo = new Date(new Date(`${range.from}T00:00:00Z`).getTime() - DAY_MS).toISOString();
  const hi = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + 2 * DAY_MS).toISOString();
  const { rows } = await db.execute<{
    day: string;
    kind: string;
    channel: string | null;
    paid_currency: string | null;
    currency: ReportCurrency;
    operations: string;
    paid_minor: string;
    minted: string;
    burnt: string;
    revenue: string;
    escrow: string;
    users: string;
  }>(sql`
    with moves as (
      select t.operation_id, t.currency, t.created_at, t.amount, f.kind as from_kind, d.kind as to_kind
      from wallet_transfers t
      join wallet_accounts f on f.id = t.from_account
      join wallet_accounts d on d.id = t.to_account
      where t.created_at >= ${lo} and t.created_at < ${hi} and t.currency <> 'exp'
    ), per_operation as (
      select operation_id, currency::text as currency,
        to_char(min(created_at) at time zone ${timeZone}, 'YYYY-MM-DD') as day,
        sum(case when from_kind = 'mint' then amount else 0 end)
          - sum(case when to_kind = 'mint' then amount else 0 end) as minted,
        sum(case when to_kind = 'burn' then amount else 0 end)
          - sum(case when from_kind = 'burn' then amount else 0 end) as burnt,
        sum(case when to_kind = 'revenue' then amount else 0 end)
          - sum(case when from_kind = 'revenue' then amount else 0 end) as revenue,
        sum(case when to_kind = 'escrow' then amount else 0 end)
          - sum(case when from_kind = 'escrow' then amount else 0 end) as escrow,
        sum(case when to_kind = 'user' then amount else 0 end)
          - sum(case when from_kind = 'user' then amount else 0 end) as users
      from moves group by operation_id, currency
    )
    select p.day, o.kind, po.channel, po.price_currency as paid_currency, p.currency,
      count(*) as operations,
      coalesce(sum(case when p.currency = 'star' then po.price_minor else 0 end), 0) as paid_minor,
      sum(p.minted) as minted, sum(p.burnt) as burnt, sum(p.revenue) as revenue,
      sum(p.escrow) as escrow, sum(p.users) as users
    from per_operation p
    join wallet_operations o on o.id = p.operation_id
    left join pay_orders po on o.kind = 'recharge' and po.order_no = substr(o.idempotency_key, 10)
    where p.day between ${range.from} and ${range.to}
    group by p.day, o.kind, po.channel, po.price_currency, p.currency
    order by p.day, o.kind, po.channel, po.price_currency, p.currency`);
  const order = (kind: string) => {
    const at = (LEDGER_KINDS as readonly string[]).indexOf(kind);
    return at < 0 ? LEDGER_KINDS.length : at;
  };
  const sections = [...Object.keys(REPORT_SECTIONS), 'other'];
  const report = rows
    .map(
      (row): ReportRow => ({
        day: row.day,
        section: sectionOf(row.kind),
        kind: row.kind,
        channel: row.channel ?? '',
        currency: row.currency,
        operations: Number(row.operations),
        paidMinor: Number(row.paid_minor),
        paidCurrency: row.paid_currency ?? '',
        minted: Number(row.minted),
        burnt: Number(row.burnt),
        revenue: Number(row.revenue),
        escrow: Number(row.escrow),
        users: Number(row.users),
      }),
    )
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        sections.indexOf(a.section) - sections.indexOf(b.section) ||
        order(a.kind) - order(b.kind) ||
        a.channel.localeCompare(b.channel) ||
        REPORT_CURRENCIES.indexOf(a.currency) - REPORT_CURRENCIES.indexOf(b.currency),
    );
  const totals = REPORT_CURRENCIES.map((currency) => {
    const of = report.filter((row) => row.currency === currency);
    const sum = (column: keyof Flows | 'operations') => of.reduce((total, row) => total + row[column], 0);
    return {
      currency,
      operations: sum('operations'),
      minted: sum('minted'),
      burnt: sum('burnt'),
      revenue: sum('revenue'),
      escrow: sum('escrow'),
      users: sum('users'),
    };
  });
  const paid = new Map<string, { currency: string; minor: number; orders: number }>();
  for (const row of report)
    if (row.kind === 'recharge' && row.currency === 'star' && row.paidCurrency) {
      const entry = paid.get(row.paidCurrency) ?? { currency: row.paidCurrency, minor: 0, orders: 0 };
      entry.minor += row.paidMinor;
      entry.orders += row.operations;
      paid.set(row.paidCurrency, entry);
    }
  return { ...range, timeZone, rows: report, totals, paid: [...paid.values()] };
}

/** Whether every row and total balances: minted = burnt + revenue + escrow + users. */
export const balances = (flows: Flows) =>
  flows.minted === flows.burnt + flows.revenue + flows.escrow + flows.users;

export const REPORT_CSV_COLUMNS = [
  'day',
  'section',
  'kind',
  'label',
  'channel',
  'currency',
  'operations',
  ...FLOW_COLUMNS,
  'paid',
  'paid_currency',
] as const;

/** Digits after the point of a currency's major unit (CNY 2, VND 0). */
export const minorDigits = (currency: string) => {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
};

/**
 * The report as CSV: one line per row (`label`: the kind in the reader's words), then one `total` line
 * per currency. `paid` is in the currency's major unit (yuan, not fen).
 */
export function financeReportCsv(report: FinanceReport, label: (kind: string) => string) {
  const major = (minor: number, currency: string) =>
    currency ? (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency)) : '';
  const lines = [
    ...report.rows.map((row) => ({
      ...row,
      label: label(row.kind),
      paid: row.paidCurrency ? major(row.paidMinor, row.paidCurrency) : '',
      paid_currency: row.paidCurrency,
    })),
    ...report.totals.map((total) => ({
      ...total,
      day: `${report.from}..${report.to}`,
      section: 'total',
      kind: '',
      label: '',
      channel: '',
      paid: '',
      paid_currency: '',
    })),
  ];
  return stringify(lines, { header: true, columns: [...REPORT_CSV_COLUMNS], record_delimiter: '\r\n' });
}
