// The reasons a staff decision may cite: a code from these lists plus the reviewer's own words. Codes are
// stored and sent; every screen (the console's dialog, the person's message centre) shows them in its
// reader's language from `im.notices.reasons.<code>`.

export const APPROVE_REASONS = ['meets_rules', 'verified', 'other'] as const;
/** Why content (applications, posts, videos, horn messages) or a report is refused. */
export const CONTENT_REJECT_REASONS = [
  'spam',
  'ads',
  'vulgar',
  'illegal',
  'abuse',
  'false_info',
  'copyright',
  'incomplete',
  'other',
] as const;
/** Why money (a withdrawal, an invitation reward) is approved: what finance checked, not content rules. */
export const MONEY_APPROVE_REASONS = ['payout_verified', 'earnings_verified', 'other'] as const;
/** Why money (a withdrawal, an invitation reward) is refused. */
export const MONEY_REJECT_REASONS = [
  'account_mismatch',
  'risk_control',
  'fraud',
  'incomplete',
  'other',
] as const;
/** A content source's reasons (an application, a horn message, a post, a video). */
export const CONTENT_REASONS = { approve: APPROVE_REASONS, reject: CONTENT_REJECT_REASONS };
/** Money is approved and refused for money's reasons (never "meets the community rules"). */
export const MONEY_REASONS = { approve: MONEY_APPROVE_REASONS, reject: MONEY_REJECT_REASONS };
/**
 * Why an approved withdrawal's money came back (lib/earnings/payouts.ts `returnWithdrawal`): a returned
 * file's failed row is `bank_returned` with the bank's own words; finance's 退回 picks one and adds its own.
 */
export const PAYOUT_RETURN_REASONS = [
  'bank_returned',
  'account_invalid',
  'account_mismatch',
  'account_frozen',
  'other',
] as const;
/** Why a user is muted or banned, or a room sealed. */
export const SANCTION_REASONS = ['spam', 'ads', 'vulgar', 'illegal', 'abuse', 'fraud', 'other'] as const;
/** Why a user's avatar or nickname is reset to the default (the user's case file). */
export const PROFILE_RESET_REASONS = ['vulgar', 'ads', 'illegal', 'abuse', 'impersonation', 'other'] as const;
/** Why a mute or ban is lifted early. */
export const LIFT_REASONS = ['appeal_accepted', 'mistake', 'other'] as const;
/** Why a report is dismissed. */
export const DISMISS_REASONS = ['no_violation', 'duplicate', 'other'] as const;
/** Why an expert plan is voided (a buyer's dispute upheld, or from the console's plans). */
export const PLAN_VOID_REASONS = ['wrong_match', 'wrong_result', 'misleading', 'other'] as const;

/** Why a disputed fun-guess settlement is voided (every stake refunded): the viewers' own reasons. */
export const GUESS_VOID_REASONS = ['wrong_result', 'not_happened', 'unclear_question', 'other'] as const;
/** Why a disputed fun-guess settlement stands (the payouts are released). */
export const GUESS_UPHOLD_REASONS = ['result_confirmed', 'no_evidence', 'other'] as const;

export const REASON_CODES = [
  ...new Set([
    ...APPROVE_REASONS,
    ...MONEY_APPROVE_REASONS,
    ...CONTENT_REJECT_REASONS,
    ...MONEY_REJECT_REASONS,
    ...PAYOUT_RETURN_REASONS,
    ...SANCTION_REASONS,
    ...PROFILE_RESET_REASONS,
    ...LIFT_REASONS,
    ...DISMISS_REASONS,
    ...GUESS_VOID_REASONS,
    ...GUESS_UPHOLD_REASONS,
    ...PLAN_VOID_REASONS,
  ]),
] as [string, ...string[]];
export type ReasonCode = string;

/** The free text beside a code: required with `other`, at most the console dialog's length. */
export { REASON_TEXT_MAX } from '@/lib/admin/decision';
