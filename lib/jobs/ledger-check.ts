// The ledger check as a cluster job (issue #40): every LEDGER_CHECK_SECONDS, the proof of
// lib/wallet/check.ts — balances, held = minted − burnt, experience, and escrow reconciled item by item
// with every holding — in one REPEATABLE READ snapshot. From the last proven point (issue #45,
// lib/wallet/proven-point.ts: the transfers since, seconds at a year's volume), and a full one reading
// every transfer when the latest full check is LEDGER_FULL_EVERY_HOURS old: the incremental check
// trusts what the point proved, so a transfer rewritten below it waits at most that long to be seen.
// It records its point, so it runs on the primary. Its summary is the tick's output (pg-boss keeps it),
// which any node reads back for readiness, `/metrics` and the console's dashboard.
import type { Pool } from 'pg';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import type { LedgerStatus } from '@/lib/ops/ledger-status';
import type { Holding } from '@/lib/wallet/holding';
import { CURRENCIES } from '@/lib/wallet/ledger';
import { latestProvenPoint, provenCheck } from '@/lib/wallet/proven-point';
import { type ClusterJob, latestTick } from './queue';

export const LEDGER_CHECK_JOB = 'ledger-check';
export const LEDGER_CHECK_SECONDS = 5 * 60;
/** A full check (every transfer) when the latest full one is this old: ~24 s of one core a day at a year's volume. */
export const LEDGER_FULL_EVERY_HOURS = 24;
/** Problems kept in the tick's output (the first ones found; all are counted). */
export const LEDGER_PROBLEMS_KEPT = 20;

export const ledgerCheckSummary = z.object({
  checkedAt: z.coerce.date(),
  ok: z.boolean(),
  problemCount: z.number(),
  problems: z.array(z.string()),
  holdings: z.array(
    z.object({
      kind: z.string(),
      items: z.number(),
      amounts: z.array(z.object({ currency: z.enum(CURRENCIES), amount: z.number() })),
    }),
  ),
  /** How long the check took, in milliseconds. */
  ms: z.number(),
  /** Whether it read every transfer, or those since the last proven point (absent before issue #45). */
  full: z.boolean().optional(),
});
export type LedgerCheckSummary = z.infer<typeof ledgerCheckSummary>;

/** Whether the check at `now` reads every transfer: no proven point yet, or the latest full one is a day old. */
export async function fullCheckDue(db: Db, now: Date) {
  const point = await latestProvenPoint(db);
  return !point || now.getTime() - point.fullAt.getTime() >= LEDGER_FULL_EVERY_HOURS * 3600_000;
}

export function ledgerCheckJob(holdings: readonly Holding[]): ClusterJob {
  return {
    name: LEDGER_CHECK_JOB,
    everySeconds: LEDGER_CHECK_SECONDS,
    run: async (db, now): Promise<LedgerCheckSummary> => {
      const started = performance.now();
      const { report, full } = await provenCheck(db, holdings, { full: await fullCheckDue(db, now), now });
      const summary = {
        full,
        checkedAt: now,
        ok: report.ok,
        problemCount: report.problems.length,
        problems: report.problems.slice(0, LEDGER_PROBLEMS_KEPT),
        holdings: report.holdings,
        ms: Math.round(performance.now() - started),
      };
      if (!report.ok)
        log.error(
          { problems: summary.problems, count: summary.problemCount },
          `ledger check: ${summary.problemCount} problem(s), first: ${summary.problems[0]}`,
        );
      return summary;
    },
  };
}

/** The latest check's summary on any node (null before the first, or an output of another shape). */
export async function lastLedgerCheck(db: Db): Promise<LedgerCheckSummary | null> {
  const tick = await latestTick((db as Db & { $client: Pool }).$client, LEDGER_CHECK_JOB);
  const parsed = ledgerCheckSummary.safeParse(tick?.output);
  return parsed.success ? parsed.data : null;
}

/** What readiness and /metrics need of it (lib/ops/ledger-status.ts). */
export async function ledgerStatusOf(db: Db): Promise<LedgerStatus | null> {
  const last = await lastLedgerCheck(db);
  return last && { problems: last.problemCount, checkedAt: last.checkedAt };
}
