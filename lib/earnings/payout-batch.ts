// Batch payouts (issue #41, item 6): finance downloads the approved, unpaid withdrawals of one channel
// (bank or Alipay) as a CSV file to upload to the bank's or Alipay's batch transfer, and imports the
// file they return: each row names our reference (`WD00000012`) and their payout reference; a row that
// says it succeeded pays its withdrawal, one that says it failed refunds the earner (./payouts.ts). Rows
// are matched by reference, each on its own: an unknown or wrong row is refused with its own reason and
// the others go on; importing the same file again pays or refunds nothing twice.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { batchReference, payWithdrawal, returnWithdrawal, withdrawalOfReference } from './payouts';
import { withdrawals } from './schema';

export const PAYOUT_CHANNELS = ['bank', 'alipay'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];

/** The columns of each channel's file; the last two are left empty for the bank or Alipay to fill in. */
export const BATCH_COLUMNS: Record<PayoutChannel, readonly string[]> = {
  bank: [
    'reference',
    'withdrawal_id',
    'bank_name',
    'card_number',
    'real_name',
    'payout',
    'requested_at',
    'status',
    'payout_reference',
  ],
  alipay: [
    'reference',
    'withdrawal_id',
    'alipay_account',
    'real_name',
    'payout',
    'requested_at',
    'status',
    'payout_reference',
  ],
};

/** The most rows one batch file carries (the rest go in the next one) and one returned file may hold. */
export const BATCH_MAX_ROWS = 2_000;
/** A returned file's largest size in characters. */
export const RETURNED_FILE_MAX = 1_000_000;

/** A spreadsheet must not run a cell as a formula (`=`, `+`, `-`, `@` first). */
const defused = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The approved withdrawals of `channel` not yet paid, oldest first, as a CSV file; each is marked as
 * exported the first time (the console shows it), and stays in every later batch until it is paid.
 */
export async function exportPayoutBatch(db: DbOrTx, channel: PayoutChannel, now: Date) {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'approved'), eq(withdrawals.method, channel)))
    .orderBy(asc(withdrawals.id))
    .limit(BATCH_MAX_ROWS);
  const fresh = rows.filter((row) => !row.exportedAt).map((row) => row.id);
  if (fresh.length)
    await db
      .update(withdrawals)
      .set({ exportedAt: now })
      .where(and(inArray(withdrawals.id, fresh), isNull(withdrawals.exportedAt)));
  const body = stringify(
    rows.map((row) => {
      const common = {
        reference: batchReference(row.id),
        withdrawal_id: String(row.id),
        real_name: defused(row.realName),
        payout: String(row.amount - row.fee),
        requested_at: row.createdAt.toISOString(),
        status: '',
        payout_reference: '',
      };
      return channel === 'bank'
        ? { ...common, bank_name: defused(row.bankName ?? ''), card_number: row.account }
        : { ...common, alipay_account: defused(row.account) };
    }),
    { header: true, columns: [...BATCH_COLUMNS[channel]], record_delimiter: '\r\n' },
  );
  const day = now.toISOString().slice(0, 10);
  return {
    filename: `payouts-${channel}-${day}.csv`,
    body,
    count: rows.length,
    payout: rows.reduce((sum, row) => sum + row.amount - row.fee, 0),
    ids: rows.map((row) => row.id),
  };
}

export const RETURNED_OUTCOMES = ['paid', 'already_paid', 'returned', 'already_returned', 'refused'] as const;
export type ReturnedOutcome = (typeof RETURNED_OUTCOMES)[number];

export type ReturnedRow = {
  /** The file's line number (the header is line 1). */
  line: number;
  reference: string;
  withdrawalId: number | null;
  /**
   * paid: paid now; already_paid: by this reference before; returned: the bank says it did not go, so
   * it is refused and refunded to the earner now; already_returned: refunded so before.
   */
  outcome: ReturnedOutcome;
  payoutReference: string;
  code?: string;
  values?: Record<string, string | number>;
};

const SUCCESS = new Set(['', 'success', 'succeeded', 'paid', 'ok', 'done', '成功', '已付款', '已支付']);
/** Where a returned file may say why a payment failed (the earner's notice quotes it). */
const FAILURE_NOTE_COLUMNS = ['message', 'failure_reason', 'reason', 'remark'] as const;
const FAILURE = new Set(['failed', 'fail', 'failure', 'error', 'rejected', 'returned', '失败', '退回']);

function parseReturned(text: string) {
  if (text.length > RETURNED_FILE_MAX) throw new DomainError('PAYOUT_FILE_TOO_LARGE');
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch {
    throw new DomainError('PAYOUT_FILE_INVALID');
  }
  if (!records.length) throw new DomainError('PAYOUT_FILE_EMPTY');
  const columns = Object.keys(records[0]!);
  if (!columns.includes('reference') || !columns.includes('payout_reference'))
    throw new DomainError('PAYOUT_FILE_COLUMNS');
  if (records.length > BATCH_MAX_ROWS)
    throw new DomainError('PAYOUT_FILE_TOO_LARGE', { values: { max: BATCH_MAX_ROWS } });
  return records;
}

/**
 * Imports a returned file: each row pays its withdrawal with the row's payout reference when the row
 * says it succeeded (an empty status counts as success), returns it to the earner when the row says it
 * failed (refused and refunded, ./payouts.ts `returnWithdrawal`, reason `bank_returned` with the row's
 * `message`), or is refused with its reason. A malformed file is
 * refused whole, before anything is paid.
 */
export async function importReturnedFile(db: DbOrTx, actorId: number, text: string, now: Date) {
  const records = parseReturned(text);
  const results: ReturnedRow[] = [];
  const seen = new Set<number>();
  for (const [index, record] of records.entries()) {
    const line = index + 2;
    const reference = (record.reference ?? '').trim();
    const payoutReference = (record.payout_reference ?? '').trim();
    const row = { line, reference, payoutReference };
    const id = withdrawalOfReference(reference);
    const refuse = (code: string, values?: ReturnedRow['values']) =>
      results.push({ ...row, withdrawalId: id, outcome: 'refused', code, ...(values ? { values } : {}) });
    if (id === null) {
      refuse('PAYOUT_ROW_UNKNOWN', { reference: reference || '—' });
      continue;
    }
    if (seen.has(id)) {
      refuse('PAYOUT_ROW_DUPLICATE', { reference });
      continue;
    }
    seen.add(id);
    const [found] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!found) {
      refuse('PAYOUT_ROW_UNKNOWN', { reference });
      continue;
    }
    const status = (record.status ?? '').trim().toLowerCase();
    if (FAILURE.has(status)) {
      // The money did not go: the earner gets it back now, with the bank's words if the row has them.
      try {
        const note = FAILURE_NOTE_COLUMNS.map((column) => record[column]?.trim()).find(Boolean);
        const returned = await returnWithdrawal(db, actorId, id, { code: 'bank_returned', note }, now);
        results.push({
          ...row,
          withdrawalId: id,
          outcome: returned.replayed ? 'already_returned' : 'returned',
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refuse(error.code, error.options.values as ReturnedRow['values']);
      }
      continue;
    }
    if (!SUCCESS.has(status)) {
      refuse('PAYOUT_ROW_STATUS', { status: record.status ?? '' });
      continue;
    }
    if (
      record.payout !== undefined &&
      record.payout !== '' &&
      Number(record.payout) !== found.amount - found.fee
    ) {
      refuse('PAYOUT_ROW_AMOUNT', { payout: record.payout, expected: found.amount - found.fee });
      continue;
    }
    try {
      const paid = await payWithdrawal(db, actorId, id, payoutReference, now);
      results.push({ ...row, withdrawalId: id, outcome: paid.replayed ? 'already_paid' : 'paid' });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refuse(error.code, error.options.values as ReturnedRow['values']);
    }
  }
  return {
    rows: results,
    paid: results.filter((row) => row.outcome === 'paid').length,
    alreadyPaid: results.filter((row) => row.outcome === 'already_paid').length,
    returned: results.filter((row) => row.outcome === 'returned').length,
    alreadyReturned: results.filter((row) => row.outcome === 'already_returned').length,
    refused: results.filter((row) => row.outcome === 'refused').length,
  };
}
