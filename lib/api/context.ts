// What every API handler can read from its context.
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import type { translator } from '@/lib/i18n/translate';

/** A user's role: `user`, or a staff role (lib/accounts' `user_role`). */
export type Role = 'user' | 'operator' | 'moderator' | 'finance';
/** Who may call an operator route: `operator` may do everything, the others what routes grant them. */
export type StaffRole = Exclude<Role, 'user'>;
/** Moderation of content, chat and rooms is the work of moderators and operators. */
export const mayModerate = (role: Role) => role === 'operator' || role === 'moderator';

/** The signed-in user a request carries (resolved by lib/accounts' sessions). */
export type SessionUser = {
  id: number;
  nickname: string;
  avatar: string;
  isAnchor: boolean;
  role: Role;
  /** Tenths of a point. */
  experience: number;
  /** The IANA zone chosen in the user centre; null or absent: the browser's (automatic). */
  timeZone?: string | null;
};

/** One staff action for the audit log (written by lib/audit, handed to the app by the composition root). */
export type AuditRecord = {
  at: Date;
  actorId: number;
  actorRole: string;
  address: string;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason: string;
};
/** A handler's account of its write (see `auditChange`); every field is optional. */
export type AuditDetail = {
  before?: unknown;
  after?: unknown;
  targetType?: string;
  targetId?: string | number;
  reason?: string;
};
export type AuditWriter = (db: Db, record: AuditRecord) => Promise<unknown>;

/** Where services get the time from: the wall clock in the portal, a fixed instant in tests. */
export type Clock = () => Date;

export type AppEnv = {
  Variables: {
    db: Db;
    /** Where 'read' routes run (`DATABASE_REPLICA_URL`, else the primary): `defineRoute` makes it their `db`. */
    readDb: Db;
    locale: Locale;
    t: ReturnType<typeof translator>;
    user: SessionUser | null;
    requestId: string;
    /** The request's instant (the app's clock, read once); pass it to services instead of `new Date()`. */
    now: Date;
    /** Appends to the audit log (`defineRoute` calls it after every staff write). */
    audit?: AuditWriter;
    /**
     * What a staff write changed, set by its handler through `auditChange(c, …)` (lib/api/audit-change.ts):
     * the target's values before and after, the target when the input's id field does not name it, and the
     * reason when it is not the input's `reason_code` / `reason`. `defineRoute` writes it into the entry.
     */
    auditDetail?: AuditDetail;
    /** The declared path of the route that matched (`defineRoute`): the metrics' bounded route label. */
    route?: string;
  };
};
