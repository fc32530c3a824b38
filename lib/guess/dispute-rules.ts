// What a viewer's dispute of a fun-guess settlement may say: shared by the server (./disputes.ts) and the
// room panel's dispute dialog, so both offer and accept the same reasons and length.

/** Why a viewer disputes (guessDispute.reasons.* on screen). */
export const GUESS_DISPUTE_REASONS = ['wrong_result', 'not_happened', 'unclear_question', 'other'] as const;
export const GUESS_DISPUTE_TEXT_MAX = 200;
