// Expert applications and plan disputes in the console's one review queue (`/admin/review`, lib/review):
// the queue lists what waits, and decides through `decideExpertApplication` and `decideDispute` (their
// rules stay there); the queue adds the reason, the notice in the person's language and the audit's
// before and after.
import { eq, inArray, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { translator } from '@/lib/i18n/translate';
import { concernsOf, countWhere, pendingList, storedReason } from '@/lib/review/paging';
import {
  APPROVE_REASONS,
  CONTENT_REJECT_REASONS,
  DISMISS_REASONS,
  PLAN_VOID_REASONS,
} from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { matches } from '@/lib/scores/schema';
import { presentMatch, selectMatches } from '@/lib/scores/service';
import { decideExpertApplication } from './applications';
import { heldEscrow } from './console';
import { decideDispute } from './disputes';
import { expertApplications, expertPlans, planDisputes } from './schema';

const pending = eq(expertApplications.status, 'pending');

export const expertApplicationSource: QueueSource = {
  key: 'expertApplication',
  staff: ['moderator'],
  reasons: { approve: APPROVE_REASONS, reject: CONTENT_REJECT_REASONS },
  count: (db) => countWhere(db, expertApplications, pending),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: expertApplications.id, userId: expertApplications.userId })
      .from(expertApplications)
      .where(inArray(expertApplications.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: expertApplications,
        fields: { row: expertApplications },
        person: expertApplications.userId,
        where: pending,
        by: expertApplications.id,
      },
      input,
    );
    const t = translator(input.locale);
    return rows.map(({ row, nickname }) => ({
      id: row.id,
      userId: row.userId,
      nickname,
      summary: row.experience,
      fields: {
        sports: row.sports.map((sport) => t(`nav.${sport}`)).join(' · '),
        experience: row.experience,
        contact: row.contact,
      },
      createdAt: row.createdAt,
    }));
  },
  async decide(tx, input) {
    const reasonText = storedReason(input);
    const row = await decideExpertApplication(
      tx,
      input.actorId,
      input.approve
        ? { id: input.id, approve: true }
        : { id: input.id, approve: false, reasonCode: input.reasonCode, reasonText },
      input.now,
    );
    return {
      userId: row.userId,
      before: { status: 'pending' },
      after: { status: row.status, reason_code: row.reasonCode, reason_text: row.reasonText },
      link: input.approve ? `/specialist-info?id=${row.userId}` : '/specialist',
    };
  },
};

const openDispute = eq(planDisputes.status, 'open');

/**
 * A buyer's dispute of a plan. Approving upholds it: the plan is voided with the reason (every held
 * purchase refunded in the same transaction); refusing dismisses it (the expert's share is released as
 * normal once the window has closed). The disputer is told by the queue, the expert by `decideDispute`.
 */
export const planDisputeSource: QueueSource = {
  key: 'expertPlan',
  staff: ['moderator'],
  reasons: { approve: PLAN_VOID_REASONS, reject: DISMISS_REASONS },
  count: (db) => countWhere(db, planDisputes, openDispute),
  // The buyer who disputes and the expert whose plan is disputed.
  async concerns(db, ids) {
    const rows = await db
      .select({ id: planDisputes.id, userId: planDisputes.userId, expertId: expertPlans.expertId })
      .from(planDisputes)
      .innerJoin(expertPlans, eq(expertPlans.id, planDisputes.planId))
      .where(inArray(planDisputes.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId, row.expertId] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: planDisputes,
        fields: {
          dispute: planDisputes,
          plan: expertPlans,
          expert: sql<string>`(select nickname from ${users} where ${users.id} = ${expertPlans.expertId})`,
          held: heldEscrow,
        },
        person: planDisputes.userId,
        where: openDispute,
        by: planDisputes.id,
        join: [{ table: expertPlans, on: eq(expertPlans.id, planDisputes.planId) }],
      },
      input,
    );
    const t = translator(input.locale);
    const matchIds = [...new Set(rows.map((row) => row.plan.matchId))];
    const byMatch = new Map(
      (matchIds.length ? await selectMatches(db).where(inArray(matches.id, matchIds)) : []).map((row) => [
        row.match.id,
        presentMatch(row, input.locale),
      ]),
    );
    return rows.map(({ dispute, nickname, plan, expert, held }) => ({
      id: dispute.id,
      userId: dispute.userId,
      nickname,
      summary: t(`experts.dispute.reasons.${dispute.reasonCode}` as never),
      fields: {
        dispute_text: dispute.text || null,
        expert,
        plan_state: t(
          `experts.grades.${plan.status === 'voided' ? 'voided' : (plan.grade ?? 'open')}` as never,
        ),
        held_escrow: held,
      },
      context: {
        type: 'plan',
        id: plan.id,
        title: plan.title,
        body: byMatch.has(plan.matchId)
          ? `${byMatch.get(plan.matchId)!.homeTeam.name} – ${byMatch.get(plan.matchId)!.awayTeam.name}`
          : '',
        ownerId: plan.expertId,
        link: `/specialist-detail?id=${plan.id}`,
      },
      createdAt: dispute.createdAt,
    }));
  },
  async decide(tx, input) {
    const { dispute, before, plan } = await decideDispute(tx, {
      disputeId: input.id,
      uphold: input.approve,
      reasonCode: input.reasonCode,
      note: input.note,
      reasonText: storedReason(input),
      actorId: input.actorId,
      now: input.now,
    });
    return {
      userId: dispute.userId,
      before: { dispute: 'open', plan: before.status, released: Boolean(before.releasedAt) },
      after: {
        dispute: dispute.status,
        plan: plan.status,
        released: Boolean(plan.releasedAt),
        void_reason: plan.voidReason,
      },
      link: `/specialist-detail?id=${plan.id}`,
    };
  },
};
