// What can be reported, who owns it, and how an upheld report takes it down. Each kind resolves its id to
// its owner (or null when it does not exist) and takes the content down inside the decision's transaction
// (`takeDown`: hidden from every list and page, never a deleted row; null when nothing was taken down:
// a room or a user, whose sanctions stay separate, or content already gone) and brings it back on an
// operator's restore (`restore`). The console's content lists (./content.ts) act through the same two, so
// a report's take-down and a bulk one are one path. A module adds its kind with one `registerReportTarget`
// call in its `register…Routes`.
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { liveRooms } from '@/lib/live/schema';

/** `pm`: a private or group message (lib/im/takedown.ts). */
export const REPORT_TARGET_TYPES = ['room', 'user', 'post', 'comment', 'chat', 'pm'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/**
 * The user behind a target (the anchor of a room, the author of a post), or null when it is gone. With
 * `reporterId` (a report being filed), a kind only some may see (a private message) is null to the others.
 */
export type ReportTargetResolver = (
  db: DbOrTx,
  id: number,
  reporterId?: number,
) => Promise<{ ownerId: number } | null>;

/** What a take-down did: whose content it was, what it was (a notice item key), before and after. */
export type TakenDown = {
  ownerId: number | null;
  /** The message centre's `im.notices.items.<item>` (e.g. `circlePost`, `comment`). */
  item: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};
export type TakeDownInput = {
  now: Date;
  /** Stored where the content keeps a reason (≤ 200). */
  reason: string;
  /** The moderator who upheld the report. */
  actorId: number;
};
/** Takes the target down inside `tx`; null when there is nothing (left) to take down. */
export type ReportTargetTakeDown = (
  tx: DbOrTx,
  id: number,
  input: TakeDownInput,
) => Promise<TakenDown | null>;

/** Brings back what staff took down inside `tx`; null when it is not taken down. */
export type ReportTargetRestore = (tx: DbOrTx, id: number, input: { now: Date }) => Promise<TakenDown | null>;

/**
 * Hides the target from every public read until a decision (enough distinct reporters: the operator's
 * `autoHideReporters`), or shows it again (the reports were dismissed). True when something changed.
 */
export type ReportTargetHide = (db: DbOrTx, id: number, hidden: boolean) => Promise<boolean>;

type ReportTarget = {
  resolve: ReportTargetResolver;
  takeDown: ReportTargetTakeDown;
  restore: ReportTargetRestore;
  hide?: ReportTargetHide;
};

/** Rooms and users are reported for sanctions, which stay separate: upholding takes nothing down. */
const nothing: ReportTargetTakeDown = async () => null;
const nothingBack: ReportTargetRestore = async () => null;

const targets = new Map<ReportTargetType, ReportTarget>([
  [
    'room',
    {
      resolve: async (db, id) => {
        const [row] = await db
          .select({ ownerId: liveRooms.anchorId })
          .from(liveRooms)
          .where(eq(liveRooms.id, id));
        return row ?? null;
      },
      takeDown: nothing,
      restore: nothingBack,
    },
  ],
  [
    'user',
    {
      resolve: async (db, id) => {
        const [row] = await db.select({ ownerId: users.id }).from(users).where(eq(users.id, id));
        return row ?? null;
      },
      takeDown: nothing,
      restore: nothingBack,
    },
  ],
]);

export function registerReportTarget(
  type: ReportTargetType,
  resolve: ReportTargetResolver,
  takeDown: ReportTargetTakeDown = nothing,
  restore: ReportTargetRestore = nothingBack,
  hide?: ReportTargetHide,
) {
  targets.set(type, { resolve, takeDown, restore, ...(hide ? { hide } : {}) });
}

/** Hides (or shows again) a reported target, for kinds that can be hidden; false when nothing changed. */
export async function hideReportTarget(db: DbOrTx, type: string, id: number, hidden: boolean) {
  const hide = targets.get(type as ReportTargetType)?.hide;
  return hide ? hide(db, id, hidden) : false;
}

/** The target's owner; null when the kind has no resolver yet or the target does not exist. */
export async function resolveReportTarget(
  db: DbOrTx,
  type: ReportTargetType,
  id: number,
  reporterId?: number,
) {
  const target = targets.get(type);
  return target ? target.resolve(db, id, reporterId) : null;
}

/** Takes an upheld report's target down in the decision's transaction; null when nothing was. */
export async function takeDownReportTarget(tx: DbOrTx, type: string, id: number, input: TakeDownInput) {
  const target = targets.get(type as ReportTargetType);
  return target ? target.takeDown(tx, id, input) : null;
}

/** Restores what staff took down (an operator's decision); null when it was not taken down. */
export async function restoreReportTarget(tx: DbOrTx, type: string, id: number, input: { now: Date }) {
  const target = targets.get(type as ReportTargetType);
  return target ? target.restore(tx, id, input) : null;
}
