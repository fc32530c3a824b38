// The public log of plan commitments: appended one at a time under an advisory lock (no fork, no gap),
// never back-dated (an entry's time is at or after the head's), read by anyone — a page at a time, or
// whole as one streamed NDJSON file — and verified from the start with the shared walk (./commitment).
import { and, asc, desc, gt, lte, sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx, Tx } from '@/lib/db';
import { type ChainLink, chainHash, walkChain } from './commitment';
import { planCommitments } from './schema';

/** The advisory lock every append takes (lib/audit uses 7_140_010). */
const CHAIN_LOCK = 7_140_034;

type ChainRow = typeof planCommitments.$inferSelect;

/** A stored entry in the public format (the API's list, the download's lines, the walk's input). */
export const chainLinkOfRow = (row: ChainRow): ChainLink => ({
  seq: row.seq,
  plan_id: row.planId,
  expert_id: row.expertId,
  match_id: row.matchId,
  commitment: row.commitment,
  published_at: row.publishedAt.toISOString(),
  prev_hash: row.prevHash,
  hash: row.hash,
});

export async function chainHead(db: DbOrTx) {
  const [head] = await db.select().from(planCommitments).orderBy(desc(planCommitments.seq)).limit(1);
  return head ?? null;
}

/** Appends a commitment at the end of the chain, inside the publishing transaction. */
export async function appendCommitment(
  tx: Tx,
  entry: { planId: number; expertId: number; matchId: number; commitment: string; publishedAt: Date },
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const head = await chainHead(tx);
  if (head && entry.publishedAt < head.publishedAt) throw new DomainError('PLAN_CHAIN_BACKDATED');
  const seq = (head?.seq ?? 0) + 1;
  const prevHash = head?.hash ?? '';
  const hash = chainHash(prevHash, {
    seq,
    plan_id: entry.planId,
    expert_id: entry.expertId,
    match_id: entry.matchId,
    commitment: entry.commitment,
    published_at: entry.publishedAt.toISOString(),
  });
  const [row] = await tx
    .insert(planCommitments)
    .values({ ...entry, seq, prevHash, hash })
    .returning();
  return row!;
}

export const CHAIN_PAGE = 100;
/** Rows per query of a streamed download or a whole-chain check: keyset pages on the primary key. */
export const CHAIN_STREAM_PAGE = 1000;

/** A page of the log, oldest first from `after` (a seq), up to `until` when given. */
export function chainEntries(db: DbOrTx, after = 0, limit = CHAIN_PAGE, until?: number) {
  return db
    .select()
    .from(planCommitments)
    .where(
      and(gt(planCommitments.seq, after), until === undefined ? undefined : lte(planCommitments.seq, until)),
    )
    .orderBy(asc(planCommitments.seq))
    .limit(limit);
}

/** Every entry after `after` up to `until`, a keyset page per query, yielded as they are read. */
export async function* chainLinks(db: DbOrTx, after: number, until: number, pageSize = CHAIN_STREAM_PAGE) {
  let cursor = after;
  while (cursor < until) {
    const page = await chainEntries(db, cursor, pageSize, until);
    for (const row of page) yield chainLinkOfRow(row);
    if (page.length < pageSize) return;
    cursor = page.at(-1)!.seq;
  }
}

/**
 * The chain after `after` as NDJSON, one link a line, up to the head at the start (so the last line is
 * the head named beside it). Pulled a page at a time: a slow reader holds back the next query, and no
 * more than one page is ever in memory.
 */
export function chainNdjson(db: DbOrTx, after: number, until: number, pageSize = CHAIN_STREAM_PAGE) {
  const encoder = new TextEncoder();
  const links = chainLinks(db, after, until, pageSize);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const lines: string[] = [];
      // One page's lines per chunk: pulls stay few without holding more than a page.
      for (let index = 0; index < pageSize; index++) {
        const next = await links.next();
        if (next.done) {
          if (lines.length) controller.enqueue(encoder.encode(lines.join('')));
          controller.close();
          return;
        }
        lines.push(`${JSON.stringify(next.value)}\n`);
      }
      controller.enqueue(encoder.encode(lines.join('')));
    },
    async cancel() {
      await links.return(undefined);
    },
  });
}

/** Recomputes every hash in order; the first entry that does not follow is named. */
export async function verifyChain(db: DbOrTx) {
  const head = await chainHead(db);
  const verdict = await walkChain(chainLinks(db, 0, head?.seq ?? 0));
  if (!verdict.ok) return { ok: false as const, brokenAt: verdict.seq, reason: verdict.reason };
  return { ok: true as const, length: verdict.length, head: verdict.head?.hash ?? '' };
}
