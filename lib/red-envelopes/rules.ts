// The red envelope's figures, shared by the service and the sending form's spend sheet (no server code).

export const RED_ENVELOPE_MIN_SHARE = 1;
export const RED_ENVELOPE_MAX_SHARES = 100;
export const RED_ENVELOPE_MAX_AMOUNT = 1_000_000;
/** Unclaimed shares go back to the sender this long after the envelope appeared. */
export const RED_ENVELOPE_TTL_MS = 10 * 60 * 1000;
