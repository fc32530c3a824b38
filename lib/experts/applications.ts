// Becoming an expert (spec §1, §5): an application names the sports, the work experience (within 200
// characters) and a contact; an operator approves (the user becomes an expert) or refuses with a reason
// code and words, and the applicant reads the result in the message centre in their own language.
// The console's one review queue (./review-source.ts) lists what waits and decides through
// `decideExpertApplication`.
import { and, desc, eq } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { type ExpertSport, expertApplications, experts } from './schema';

/** Spec §5: the work experience is within 200 characters. */
export const EXPERT_EXPERIENCE_MAX = 200;
export const EXPERT_EXPERIENCE_MIN = 10;

export type ExpertApplicationInput = { sports: ExpertSport[]; experience: string; contact: string };

export async function findExpert(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(experts).where(eq(experts.userId, userId));
  return row ?? null;
}

export async function latestExpertApplication(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(expertApplications)
    .where(eq(expertApplications.userId, userId))
    .orderBy(desc(expertApplications.id))
    .limit(1);
  return row ?? null;
}

export async function submitExpertApplication(
  db: DbOrTx,
  userId: number,
  input: ExpertApplicationInput,
  now: Date,
) {
  const experience = input.experience.trim();
  if (experience.length < EXPERT_EXPERIENCE_MIN || experience.length > EXPERT_EXPERIENCE_MAX)
    throw new DomainError('EXPERT_EXPERIENCE_LENGTH', {
      values: { min: EXPERT_EXPERIENCE_MIN, max: EXPERT_EXPERIENCE_MAX },
    });
  if (await findExpert(db, userId)) throw new DomainError('ALREADY_EXPERT');
  if ((await latestExpertApplication(db, userId))?.status === 'pending')
    throw new DomainError('EXPERT_APPLICATION_PENDING');
  const [row] = await db
    .insert(expertApplications)
    .values({
      userId,
      sports: [...new Set(input.sports)].sort(),
      experience,
      contact: input.contact.trim(),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Two submissions at once: the partial unique index keeps one.
  if (!row) throw new DomainError('EXPERT_APPLICATION_PENDING');
  return row;
}

export type ExpertDecision =
  | { id: number; approve: true }
  /** `reasonCode`: the console queue's code (lib/review/reasons.ts). */
  | { id: number; approve: false; reasonCode: string; reasonText?: string };

/**
 * A reviewer's decision: approve (the applicant becomes an expert) or refuse with a reason. The console's
 * queue (./review-source.ts) tells the applicant, in their language.
 */
export async function decideExpertApplication(
  db: DbOrTx,
  reviewerId: number,
  decision: ExpertDecision,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const reasonCode = decision.approve ? null : decision.reasonCode;
    const reasonText = decision.approve ? null : decision.reasonText?.trim() || null;
    const [row] = await tx
      .update(expertApplications)
      .set({
        status: decision.approve ? 'approved' : 'refused',
        reasonCode,
        reasonText,
        reviewerId,
        reviewedAt: now,
      })
      .where(and(eq(expertApplications.id, decision.id), eq(expertApplications.status, 'pending')))
      .returning();
    if (!row) throw new DomainError('EXPERT_APPLICATION_NOT_PENDING');
    if (decision.approve)
      await tx
        .insert(experts)
        .values({
          userId: row.userId,
          sports: row.sports,
          experience: row.experience,
          applicationId: row.id,
          approvedAt: now,
        })
        .onConflictDoNothing();
    return row;
  });
}
