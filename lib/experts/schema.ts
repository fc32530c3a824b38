// Experts (spec §1, §5): applications reviewed by operators, the experts' profiles, their plans — each
// fixed at publish by a commitment in a public hash chain, graded by the match feed, sold through the
// ledger with the price in escrow until the grade — purchases, follows and free analysis articles.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { matches } from '../scores/schema';

export const EXPERT_SPORTS = ['football', 'basketball'] as const;
export type ExpertSport = (typeof EXPERT_SPORTS)[number];
export const EXPERT_APPLICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export const PLAN_STATUSES = ['open', 'graded', 'voided'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PURCHASE_STATUSES = ['held', 'paid', 'refunded'] as const;
export const DISPUTE_REASONS = ['wrong_match', 'wrong_result', 'misleading'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_STATUSES = ['open', 'dismissed', 'upheld'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true });

export const expertApplications = pgTable(
  'expert_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sports: jsonb('sports').$type<ExpertSport[]>().notNull(),
    /** Spec §5: work experience within 200 characters. */
    experience: varchar('experience', { length: 200 }).notNull(),
    contact: varchar('contact', { length: 60 }).notNull(),
    status: varchar('status', { length: 12, enum: EXPERT_APPLICATION_STATUSES }).notNull().default('pending'),
    /** A refusal's reason: a code the applicant reads in their language, and the reviewer's words. */
    reasonCode: varchar('reason_code', { length: 24 }),
    reasonText: varchar('reason_text', { length: 200 }),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('expert_applications_user_idx').on(table.userId, table.id),
    index('expert_applications_status_idx').on(table.status, table.id),
    // One open application per user.
    uniqueIndex('expert_applications_one_pending').on(table.userId).where(sql`${table.status} = 'pending'`),
  ],
);

export const experts = pgTable('experts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  sports: jsonb('sports').$type<ExpertSport[]>().notNull(),
  experience: varchar('experience', { length: 200 }).notNull(),
  applicationId: integer('application_id').references(() => expertApplications.id),
  approvedAt: at('approved_at').notNull(),
});

/**
 * A plan. Everything published is fixed (a trigger refuses changes to the content and any DELETE): only
 * the grade (once), the reveal and an operator's void with its reason are written later.
 */
export const expertPlans = pgTable(
  'expert_plans',
  {
    id: serial('id').primaryKey(),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.userId, { onDelete: 'restrict' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'restrict' }),
    sport: varchar('sport', { length: 12, enum: EXPERT_SPORTS }).notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    /** [{ market, pick, line }] (lib/markets), at most 2 play types. */
    selections: jsonb('selections')
      .$type<{ market: string; pick: string; line: number | null }[]>()
      .notNull(),
    reasoning: text('reasoning').notNull(),
    /** Star diamonds; 0 is free. */
    price: integer('price').notNull(),
    refundIfLost: boolean('refund_if_lost').notNull().default(false),
    /** The exact text hashed: the plan's canonical JSON (lib/experts/commitment.ts). */
    canonical: text('canonical').notNull(),
    /** Secret until the match is over, then shown so anyone can recompute the commitment. */
    nonce: varchar('nonce', { length: 64 }).notNull(),
    /** sha-256 hex of `canonical + "\n" + nonce`, shown from publish on. */
    commitment: varchar('commitment', { length: 64 }).notNull(),
    /** Sales close here (the match's kick-off when published). */
    kickoffAt: at('kickoff_at').notNull(),
    publishedAt: at('published_at').notNull(),
    status: varchar('status', { length: 8, enum: PLAN_STATUSES }).notNull().default('open'),
    /** lib/markets grade of the whole plan and of each selection. */
    grade: varchar('grade', { length: 10 }),
    selectionGrades: jsonb('selection_grades').$type<string[]>(),
    /** Return of a 1-unit stake at even money (lib/markets `unitReturn`). */
    unitReturn: real('unit_return'),
    gradedAt: at('graded_at'),
    voidReason: varchar('void_reason', { length: 200 }),
    voidedBy: integer('voided_by').references(() => users.id),
    voidedAt: at('voided_at'),
    buyers: integer('buyers').notNull().default(0),
    /**
     * When the expert's share left escrow: the dispute window after the grade closed with no dispute open
     * (lib/experts/disputes.ts). Until then an operator may still void the plan and refund every buyer.
     */
    releasedAt: at('released_at'),
  },
  (table) => [
    index('expert_plans_expert_idx').on(table.expertId, table.publishedAt),
    // One plan per expert and match: no hedging both sides.
    uniqueIndex('expert_plans_expert_match_unique').on(table.expertId, table.matchId),
    index('expert_plans_match_idx').on(table.matchId),
    index('expert_plans_open_idx').on(table.kickoffAt).where(sql`${table.status} = 'open'`),
    index('expert_plans_graded_idx').on(table.expertId, table.gradedAt),
    check('expert_plans_price_check', sql`${table.price} >= 0`),
  ],
);

/** The public log of every commitment, each entry chained to the one before (append-only by trigger). */
export const planCommitments = pgTable(
  'plan_commitments',
  {
    /** 1, 2, 3… without gaps: taken under an advisory lock at publish. */
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    planId: integer('plan_id').notNull(),
    expertId: integer('expert_id').notNull(),
    matchId: integer('match_id').notNull(),
    commitment: varchar('commitment', { length: 64 }).notNull(),
    publishedAt: at('published_at').notNull(),
    /** The previous entry's hash ('' for the first). */
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    /** sha-256 hex of `prevHash + "\n" + seq|plan|expert|match|commitment|published ISO`. */
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (table) => [uniqueIndex('plan_commitments_plan_unique').on(table.planId)],
);

export const planPurchases = pgTable(
  'plan_purchases',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => expertPlans.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    price: integer('price').notNull(),
    escrowShard: integer('escrow_shard').notNull(),
    status: varchar('status', { length: 10, enum: PURCHASE_STATUSES }).notNull().default('held'),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (table) => [
    uniqueIndex('plan_purchases_unique').on(table.planId, table.userId),
    index('plan_purchases_user_idx').on(table.userId, table.createdAt),
  ],
);

export const expertFollows = pgTable(
  'expert_follows',
  {
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.userId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.expertId, table.userId] })],
);

/** The experts' free analysis articles (`/specialist-news`). */
export const expertArticles = pgTable(
  'expert_articles',
  {
    id: serial('id').primaryKey(),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.userId, { onDelete: 'cascade' }),
    sport: varchar('sport', { length: 12, enum: EXPERT_SPORTS }).notNull(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    locale: varchar('locale', { length: 8 }).notNull(),
    title: varchar('title', { length: 80 }).notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('expert_articles_created_idx').on(table.createdAt),
    index('expert_articles_expert_idx').on(table.expertId, table.createdAt),
  ],
);

/**
 * A buyer's dispute of a plan (one per purchase), from the purchase until the dispute window after the
 * grade closes. It waits in the console's review queue; while one is open the expert's share stays in escrow.
 */
export const planDisputes = pgTable(
  'plan_disputes',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => expertPlans.id, { onDelete: 'restrict' }),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => planPurchases.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reasonCode: varchar('reason_code', { length: 16, enum: DISPUTE_REASONS }).notNull(),
    /** The buyer's own words, at most 200 characters. */
    text: varchar('text', { length: 200 }).notNull(),
    status: varchar('status', { length: 10, enum: DISPUTE_STATUSES }).notNull().default('open'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    /** The reviewer's reason as the disputer and the expert read it. */
    decision: varchar('decision', { length: 200 }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('plan_disputes_purchase_unique').on(table.purchaseId),
    index('plan_disputes_open_idx').on(table.planId).where(sql`${table.status} = 'open'`),
    index('plan_disputes_status_idx').on(table.status, table.id),
  ],
);
