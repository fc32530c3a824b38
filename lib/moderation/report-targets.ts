// What can be reported, and who owns it. Each kind resolves its id to its owner (or null when it does
// not exist); a module adds its kind with one `registerReportTarget` call in its `register…Routes`.
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { liveRooms } from '@/lib/live/schema';

export const REPORT_TARGET_TYPES = ['room', 'user', 'post', 'comment'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The user behind a target (the anchor of a room, the author of a post), or null when it is gone. */
export type ReportTargetResolver = (db: DbOrTx, id: number) => Promise<{ ownerId: number } | null>;

const resolvers = new Map<ReportTargetType, ReportTargetResolver>([
  [
    'room',
    async (db, id) => {
      const [row] = await db
        .select({ ownerId: liveRooms.anchorId })
        .from(liveRooms)
        .where(eq(liveRooms.id, id));
      return row ?? null;
    },
  ],
  [
    'user',
    async (db, id) => {
      const [row] = await db.select({ ownerId: users.id }).from(users).where(eq(users.id, id));
      return row ?? null;
    },
  ],
]);

export function registerReportTarget(type: ReportTargetType, resolver: ReportTargetResolver) {
  resolvers.set(type, resolver);
}

/** The target's owner; null when the kind has no resolver yet or the target does not exist. */
export async function resolveReportTarget(db: DbOrTx, type: ReportTargetType, id: number) {
  const resolver = resolvers.get(type);
  return resolver ? resolver(db, id) : null;
}
