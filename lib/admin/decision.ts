// A reasoned decision (approve, reject, seal, ban, …): a reason code from the list the screen offers plus
// free text. Routes that take one extend their input with `decisionReasonSchema`; the console's
// `ReasonDialog` sends the same two fields, and the audit entry records them (`auditReason`).
// The console's reason dialog (a client island) reads REASON_TEXT_MAX from here: parse without eval there.
import '@/lib/zod-browser';
import { z } from 'zod';

export const REASON_TEXT_MAX = 500;

export const decisionReasonSchema = z.object({
  reason_code: z.string().trim().min(1).max(40),
  reason: z.string().trim().max(REASON_TEXT_MAX).default(''),
});
export type DecisionReason = z.infer<typeof decisionReasonSchema>;
