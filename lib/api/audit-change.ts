// How a staff route records what it changed, for the audit log's "before / after" (Discourse's staff action
// log: previous value, new value, context). `defineRoute` writes one entry for every successful staff write
// by itself (who, address, the route, the target, the input and output); a handler that knows more calls
//
//   auditChange(c, { before: { price: 10 }, after: { price: 12 }, targetType: 'gift', targetId: gift.id })
//
// inside the handler (several calls merge: e.g. `before` when the row is read, `after` when it is saved).
// Without `after`, the entry's `after` is `{ input, output }`; the reason defaults to the input's
// `reason_code` and `reason` (the console's decision dialog sends both, `decisionReasonSchema`).
import type { Context } from 'hono';
import type { AppEnv, AuditDetail } from './context';

export function auditChange(c: Context<AppEnv>, detail: AuditDetail) {
  c.set('auditDetail', { ...c.var.auditDetail, ...detail });
}

/** The reason an entry records: the handler's, else the input's code and free text ("spam · repeated ads"). */
export function auditReason(input: Record<string, unknown>, detail: AuditDetail | undefined) {
  if (detail?.reason !== undefined) return detail.reason;
  const code = typeof input.reason_code === 'string' ? input.reason_code.trim() : '';
  const text = typeof input.reason === 'string' ? input.reason.trim() : '';
  return [code, text].filter(Boolean).join(' · ');
}
