// The public log of plan commitments: appended one at a time under an advisory lock (no fork, no gap),
// never back-dated (an entry's time is at or after the head's), read by anyone, verified from the start.
import { asc, desc, gt, sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx, Tx } from '@/lib/db';
import { type ChainEntry, chainHash } from './commitment';
import { planCommitments } from './schema';

/** The advisory lock every append takes (lib/audit uses 7_140_010). */
const CHAIN_LOCK = 7_140_034;

export async function chainHead(db: DbOrTx) {
  const [head] = await db.select().from(planCommitments).orderBy(desc(planCommitments.seq)).limit(1);
  return head ?? null;
}

/** Appends a commitment at the end of the chain, inside the publishing transaction. */
export async function appendCommitment(tx: Tx, entry: Omit<ChainEntry, 'seq'>) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const head = await chainHead(tx);
  if (head && entry.publishedAt < head.publishedAt) throw new DomainError('PLAN_CHAIN_BACKDATED');
  const seq = (head?.seq ?? 0) + 1;
  const prevHash = head?.hash ?? '';
  const hash = chainHash(prevHash, { ...entry, seq });
  const [row] = await tx
    .insert(planCommitments)
    .values({ ...entry, seq, prevHash, hash })
    .returning();
  return row!;
}

export const CHAIN_PAGE = 100;

/** A page of the log, oldest first from `after` (a seq), for anyone to copy and check. */
export function chainEntries(db: DbOrTx, after = 0, limit = CHAIN_PAGE) {
  return db
    .select()
    .from(planCommitments)
    .where(gt(planCommitments.seq, after))
    .orderBy(asc(planCommitments.seq))
    .limit(limit);
}

/** Recomputes every hash in order; the first entry that does not follow is named. */
export async function verifyChain(db: DbOrTx) {
  let prevHash = '';
  let expected = 1;
  let after = 0;
  for (;;) {
    const page = await chainEntries(db, after, 1000);
    for (const row of page) {
      if (row.seq !== expected || row.prevHash !== prevHash || row.hash !== chainHash(prevHash, row))
        return { ok: false as const, brokenAt: row.seq };
      prevHash = row.hash;
      expected += 1;
    }
    if (page.length < 1000) return { ok: true as const, length: expected - 1, head: prevHash };
    after = page.at(-1)!.seq;
  }
}
