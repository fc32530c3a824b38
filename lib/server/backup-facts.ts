// What a backup of the portal carries besides its rows, composed above the domains: the ledger check's sums
// per currency (with every holding of ./holdings.ts) and the audit log's head, read in the backup's
// snapshot and read again from a restore's load before it commits (lib/ops/backup.ts refuses on a difference).
import { desc } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import type { BackupFacts } from '@/lib/ops/backup';
import { type CurrencyReport, checkLedger } from '@/lib/wallet/check';
import { HOLDINGS } from './holdings';

/** The ledger's problems kept in a manifest (the check names the first ones; more only lengthen it). */
const PROBLEMS_KEPT = 20;

export type PortalFacts = {
  ledger: { operations: number; transfers: number; currencies: CurrencyReport[]; problems: string[] };
  /** The latest audit entry (the chain's head: its hash covers every entry before it), null when none. */
  auditHead: { id: number; hash: string } | null;
};

export const PORTAL_BACKUP_FACTS: BackupFacts<PortalFacts> = {
  async read(tx) {
    const report = await checkLedger(tx, HOLDINGS);
    const [head] = await tx
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    return {
      ledger: {
        operations: report.operations,
        transfers: report.transfers,
        currencies: report.currencies,
        problems: report.problems.slice(0, PROBLEMS_KEPT),
      },
      auditHead: head ?? null,
    };
  },

  differ(backup, restored) {
    const known = new Set(backup?.ledger.problems ?? []);
    const problem = restored.ledger.problems.find((line) => !known.has(line));
    if (problem) return `the ledger check fails on the loaded data: ${problem}`;
    if (!backup) return null;
    for (const [field, label] of [
      ['operations', 'operations'],
      ['transfers', 'transfers'],
    ] as const)
      if (restored.ledger[field] !== backup.ledger[field])
        return `the ledger has ${restored.ledger[field]} ${label}, the manifest says ${backup.ledger[field]}`;
    for (const expected of backup.ledger.currencies) {
      const loaded = restored.ledger.currencies.find((entry) => entry.currency === expected.currency);
      for (const field of ['held', 'minted', 'burnt'] as const)
        if (loaded?.[field] !== expected[field])
          return `the ledger's ${expected.currency} ${field} is ${loaded?.[field] ?? 'missing'}, the manifest says ${expected[field]}`;
    }
    const head = (value: PortalFacts['auditHead']) =>
      value ? `entry ${value.id} (${value.hash})` : 'no entry';
    if (head(restored.auditHead) !== head(backup.auditHead))
      return `the audit log ends at ${head(restored.auditHead)}, the manifest says ${head(backup.auditHead)}`;
    return null;
  },
};
