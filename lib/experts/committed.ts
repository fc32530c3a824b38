// What a plan says is what its commitment binds: the title, picks and reasoning a buyer reads and grading
// uses come from the committed canonical text, never from the columns beside it (kept for lists and
// indexes). A text that does not hash to the commitment (or a commitment that is not the chain's) is no
// plan at all: it is neither shown nor graded. Columns that disagree with the text are logged loudly. (No
// `server-only` marker: server.ts loads the API through tsx, where that import throws.)
import { log } from '@/lib/log';
import { canonicalJson, commitmentOf, type PlanContent, planContentOf } from './commitment';
import type { expertPlans } from './schema';

type PlanRow = typeof expertPlans.$inferSelect;

/** The columns that repeat the committed text and read otherwise there (jsonb reorders keys: compared canonical). */
export function columnsDiffering(plan: PlanRow, content: PlanContent) {
  const columns: [string, unknown, unknown][] = [
    ['expert_id', plan.expertId, content.expert],
    ['match_id', plan.matchId, content.match],
    ['title', plan.title, content.title],
    ['selections', canonicalJson(plan.selections), canonicalJson(content.selections)],
    ['reasoning', plan.reasoning, content.reasoning],
    ['price', plan.price, content.price],
    ['refund_if_lost', plan.refundIfLost, content.refund_if_lost],
    ['published_at', plan.publishedAt.toISOString(), content.published_at],
  ];
  return columns.filter(([, column, committed]) => column !== committed).map(([name]) => name);
}

export type CommittedPlan =
  | { ok: true; content: PlanContent }
  | { ok: false; problem: 'unreadable' | 'hash' | 'chain' };

/**
 * The plan as committed. `chainCommitment` is the chain entry's commitment when the caller read it (the
 * grading job and the plan page do; lists rely on the hash alone): null means the plan has no entry.
 */
export function committedPlan(plan: PlanRow, chainCommitment?: string | null): CommittedPlan {
  const refuse = (problem: 'unreadable' | 'hash' | 'chain') => {
    log.error(
      { planId: plan.id, problem },
      'expert plan: the stored text does not match its commitment; it is neither shown nor graded',
    );
    return { ok: false as const, problem };
  };
  if (commitmentOf(plan.canonical, plan.nonce) !== plan.commitment) return refuse('hash');
  if (chainCommitment !== undefined && chainCommitment !== plan.commitment) return refuse('chain');
  const content = planContentOf(plan.canonical);
  if (!content) return refuse('unreadable');
  const differing = columnsDiffering(plan, content);
  if (differing.length)
    log.error(
      { planId: plan.id, columns: differing },
      'expert plan: columns differ from the committed text; showing and grading the committed values',
    );
  return { ok: true, content };
}

/** The row with every committed field read from the text: what pages, sales and grading use. */
export function asCommitted(plan: PlanRow, content: PlanContent): PlanRow {
  return {
    ...plan,
    title: content.title,
    selections: content.selections,
    reasoning: content.reasoning,
    price: content.price,
    refundIfLost: content.refund_if_lost,
  };
}
