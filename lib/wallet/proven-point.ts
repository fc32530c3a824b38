// The ledger check from its last proven point (issue #45): a clean check records the point it proved —
// the highest transfer and operation ids its snapshot saw, every account's balance and what escrow held
// per open item at that snapshot, the minted/burnt totals — and the next check proves only the transfers
// after it (`checkLedger` with `since`), in seconds at a year's volume instead of reading every transfer.
// What the incremental check trusts is what the point proved: a transfer rewritten below the point is
// seen only by a full check (`ledger:check -- --full`, and the job's daily full one).
//
// Ids come from sequences, so a transaction running at the snapshot may still commit an id below the
// highest one seen: those missing ids ("holes") are recorded with the point and proven when they appear.
// A hole is kept until every transaction running at the snapshot that saw it has ended (a later
// snapshot's xmin passed that snapshot's xmax); one that never appears was rolled back. Every ledger
// transaction writes its operation (or locks its accounts) before it takes a transfer id, so its xid is
// older than the snapshot that missed its transfer. Should a hole be dropped and fill later anyway, the
// incremental check reports a drift it cannot explain (never a pass), and a full check settles it.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { type CheckSince, checkLedger, type LedgerReport } from './check';
import type { Holding } from './holding';
import type { Currency } from './ledger';

/** A full check records holes among this many ids below the highest (a transaction in flight took its id moments before). */
export const HOLE_WINDOW = 100_000;
/** At most this many holes are kept per table (beyond them the next check may report a drift; a full one settles it). */
export const HOLES_KEPT = 100_000;

type Hole = [id: number, horizon: string];
type Holes = { transfers: Hole[]; operations: Hole[] };
type PointRow = {
  full: boolean;
  full_at: Date;
  proven_at: Date;
  transfer_id: string;
  operation_id: string;
  holes: Holes;
  transfers: string;
  operations: string;
  currencies: CheckSince['currencies'];
};

export type ProvenCheck = {
  report: LedgerReport;
  /** Whether every transfer was read (asked for, or no point to start from). */
  full: boolean;
  /** When the latest full check was, counting this one (null: none yet, this one failed). */
  fullAt: Date | null;
  /** Whether this check recorded a new point (only a clean one does). */
  recorded: boolean;
};

async function readPoint(tx: Tx) {
  const { rows } = await tx.execute<PointRow>(sql`
    select full_check as full, full_at, proven_at, transfer_id, operation_id, holes, transfers, operations, currencies
    from ledger_proven_points order by id desc limit 1`);
  const row = rows[0];
  if (!row) return null;
  const since: CheckSince = {
    transferId: Number(row.transfer_id),
    operationId: Number(row.operation_id),
    transferHoles: row.holes.transfers.map(([id]) => id),
    operationHoles: row.holes.operations.map(([id]) => id),
    transfers: Number(row.transfers),
    operations: Number(row.operations),
    provenAt: new Date(row.proven_at),
    currencies: row.currencies,
  };
  return { since, holes: row.holes, fullAt: new Date(row.full_at) };
}

/** The latest point's time and that of the latest full check (null before the first clean check). */
export async function latestProvenPoint(db: Db) {
  const { rows } = await db.execute<{ proven_at: Date; full_at: Date; transfer_id: string }>(sql`
    select proven_at, full_at, transfer_id from ledger_proven_points order by id desc limit 1`);
  const row = rows[0];
  return row
    ? {
        provenAt: new Date(row.proven_at),
        fullAt: new Date(row.full_at),
        transferId: Number(row.transfer_id),
      }
    : null;
}

/**
 * The highest id of `table` the snapshot sees, and the ids at or below it it cannot see that a running
 * transaction may still commit: the previous point's holes still missing and not yet past their horizon,
 * and the gaps above `from` (the previous point's highest id, or HOLE_WINDOW below the highest).
 */
async function holesOf(
  tx: Tx,
  table: 'wallet_transfers' | 'wallet_operations',
  from: number | null,
  kept: Hole[],
) {
  const name = sql.identifier(table);
  const top = await tx.execute<{ max: string; xmin: string; xmax: string }>(sql`
    select coalesce(max(id), 0) as max, pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
      pg_snapshot_xmax(pg_current_snapshot())::text as xmax from ${name}`);
  const { max, xmin, xmax } = top.rows[0]!;
  const low = from ?? Math.max(0, Number(max) - HOLE_WINDOW);
  const gaps = await tx.execute<{ id: string }>(sql`
    select g as id from (
      select id, lag(id, 1, ${low}::bigint) over (order by id) as prev from ${name} where id > ${low}
    ) x cross join lateral generate_series(x.prev + 1, x.id - 1) g
    where x.id > x.prev + 1 limit ${HOLES_KEPT}`);
  const carried = await tx.execute<{ id: string; horizon: string }>(sql`
    select k.id, k.horizon from unnest(${sql.param(kept.map(([id]) => id))}::bigint[],
      ${sql.param(kept.map(([, horizon]) => horizon))}::text[]) as k(id, horizon)
    where k.horizon::xid8 > ${xmin}::xid8 and not exists (select 1 from ${name} t where t.id = k.id)`);
  const holes: Hole[] = [
    ...carried.rows.map((row): Hole => [Number(row.id), row.horizon]),
    ...gaps.rows.map((row): Hole => [Number(row.id), xmax]),
  ].slice(0, HOLES_KEPT);
  return { max: Number(max), holes };
}

async function recordPoint(
  tx: Tx,
  report: LedgerReport,
  previous: Awaited<ReturnType<typeof readPoint>>,
  now: Date,
) {
  const transfers = await holesOf(
    tx,
    'wallet_transfers',
    previous?.since.transferId ?? null,
    previous?.holes.transfers ?? [],
  );
  const operations = await holesOf(
    tx,
    'wallet_operations',
    previous?.since.operationId ?? null,
    previous?.holes.operations ?? [],
  );
  const currencies = Object.fromEntries(
    report.currencies.map((c) => [c.currency, { minted: c.minted, burnt: c.burnt }]),
  ) as Record<Currency, { minted: number; burnt: number }>;
  // Deleting the one row makes a check recording at the same moment fail to serialise, not mix points.
  await tx.execute(sql`delete from ledger_proven_points`);
  await tx.execute(sql`
    insert into ledger_proven_points
      (full_check, full_at, proven_at, transfer_id, operation_id, holes, transfers, operations, currencies)
    values (${!previous}, ${(previous?.fullAt ?? now).toISOString()}, ${now.toISOString()}, ${transfers.max},
      ${operations.max}, ${JSON.stringify({ transfers: transfers.holes, operations: operations.holes })}::jsonb,
      ${report.transfers}, ${report.operations}, ${JSON.stringify(currencies)}::jsonb)`);
  if (!previous) {
    // Every balance, written only where it differs from the stored one (most do not, a day later).
    await tx.execute(sql`
      delete from ledger_proven_balances p where not exists (select 1 from wallet_accounts a where a.id = p.account_id)`);
    await tx.execute(sql`
      insert into ledger_proven_balances
      select a.id, a.balance from wallet_accounts a left join ledger_proven_balances p on p.account_id = a.id
      where p.balance is distinct from a.balance
      on conflict (account_id) do update set balance = excluded.balance`);
  } else {
    // Only the accounts the proven transfers moved (every other balance was just found unchanged).
    const { since } = previous;
    await tx.execute(sql`
      insert into ledger_proven_balances
      select a.id, a.balance from wallet_accounts a where a.id in (
        select unnest(array[from_account, to_account]) from wallet_transfers
        where id > ${since.transferId} or id = any(${sql.param(since.transferHoles)}::bigint[]))
      on conflict (account_id) do update set balance = excluded.balance`);
  }
  const held = report.held ?? [];
  await tx.execute(sql`delete from ledger_proven_escrow`);
  await tx.execute(sql`
    insert into ledger_proven_escrow (kind, item, shard, currency, amount)
    select * from unnest(${sql.param(held.map((row) => row.kind))}::text[],
      ${sql.param(held.map((row) => row.item))}::bigint[], ${sql.param(held.map((row) => row.shard))}::smallint[],
      ${sql.param(held.map((row) => row.currency))}::wallet_currency[], ${sql.param(held.map((row) => row.amount))}::bigint[])`);
}

/**
 * The ledger check that keeps a proven point: from the latest point unless `full` (or there is none),
 * in one REPEATABLE READ snapshot that also records the new point when the ledger adds up. It writes
 * (the point's tables only), so it runs on the primary; it moves no money and blocks no writer.
 */
export async function provenCheck(
  db: Db,
  holdings: readonly Holding[],
  { full, now }: { full: boolean; now: Date },
): Promise<ProvenCheck> {
  return db.transaction(
    async (tx) => {
      const previous = full ? null : await readPoint(tx);
      const report = await checkLedger(tx, holdings, { since: previous?.since, keepHeld: true });
      if (report.ok) await recordPoint(tx, report, previous, now);
      const { held: _held, ...shown } = report;
      return {
        report: shown,
        full: !previous,
        fullAt: previous ? previous.fullAt : report.ok ? now : null,
        recorded: report.ok,
      };
    },
    { isolationLevel: 'repeatable read' },
  );
}

export const LEDGER_CHECK_USAGE = 'usage: npm run ledger:check [-- --full]';

/** `ledger:check`'s arguments: nothing (from the last proven point) or `--full`; anything else is refused. */
export function parseLedgerCheckArgs(args: readonly string[]): { full: boolean } | { error: string } {
  const unknown = args.filter((arg) => arg !== '--full');
  if (unknown.length) return { error: `unknown option ${unknown[0]}\n${LEDGER_CHECK_USAGE}` };
  return { full: args.includes('--full') };
}

/** One line on what was checked: every transfer, or those since which point, and in how long. */
export function provenCheckHeadline(result: ProvenCheck, askedFull: boolean, ms: number) {
  const { report } = result;
  const what = report.since
    ? `incremental: the transfers after ${report.since.transferId} (proven ${report.since.provenAt.toISOString()})`
    : askedFull
      ? 'full: every transfer'
      : 'full: every transfer (no proven point yet)';
  const recorded = result.recorded
    ? ', new proven point recorded'
    : ', no point recorded (it does not add up)';
  return `${what}; ${(ms / 1000).toFixed(1)} s${recorded}`;
}
