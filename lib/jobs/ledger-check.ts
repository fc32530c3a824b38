// The ledger check as a cluster job (issue #40): every LEDGER_CHECK_SECONDS, the whole proof of
// lib/wallet/check.ts — balances, held = minted − burnt, experience, and escrow reconciled item by item
// with every holding — in its one read-only REPEATABLE READ snapshot, on the read replica when there is
// one. Its summary is the tick's output (pg-boss keeps it), which any node reads back for readiness,
// `/metrics` and the console's dashboard.
import type { Pool } from 'pg';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import type { LedgerStatus } from '@/lib/ops/ledger-status';
import { checkLedger } from '@/lib/wallet/check';
import type { Holding } from '@/lib/wallet/holding';
import { CURRENCIES } from '@/lib/wallet/ledger';
import { type ClusterJob, latestTick } from './queue';

export const LEDGER_CHECK_JOB = 'ledger-check';
export const LEDGER_CHECK_SECONDS = 5 * 60;
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
});
export type LedgerCheckSummary = z.infer<typeof ledgerCheckSummary>;

/**
 * The job: `readDb` is the read replica when one is configured (else the job's own database, where
 * the check still opens a read-only transaction).
 */
export function ledgerCheckJob(holdings: readonly Holding[], readDb: () => Db | undefined): ClusterJob {
  return {
    name: LEDGER_CHECK_JOB,
    everySeconds: LEDGER_CHECK_SECONDS,
    run: async (db, now): Promise<LedgerCheckSummary> => {
      const started = performance.now();
      const report = await checkLedger(readDb() ?? db, holdings);
      const summary = {
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
