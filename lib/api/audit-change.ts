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
import { clientAddress } from '@/lib/http/client-address';
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

/**
 * A second entry for a write one request made besides its own (a report's decision that also mutes the
 * author records the mute as the case file's sanction route does): `action` is that write's route path.
 */
export async function auditAlso(
  c: Context<AppEnv>,
  action: string,
  detail: Required<Pick<AuditDetail, 'targetType' | 'targetId' | 'reason'>> & AuditDetail,
) {
  if (!c.var.audit || !c.var.user) return;
  await c.var.audit(c.var.db, {
    at: c.var.now,
    actorId: c.var.user.id,
    actorRole: c.var.user.role,
    address: clientAddress(c.req.raw.headers),
    action,
    targetType: detail.targetType,
    targetId: String(detail.targetId),
    before: detail.before,
    after: detail.after,
    reason: detail.reason,
  });
}
