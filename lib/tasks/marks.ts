// Events other tables do not keep, recorded by the call where they happen: a room shared (once per
// room and local day) and an anchor followed (once per anchor, ever: unfollowing keeps the mark).
import type { DbOrTx } from '@/lib/db';
import { localDay } from './rules';
import { taskMarks } from './schema';
import { taskRules } from './service';

export async function markShare(db: DbOrTx, userId: number, roomId: number, now: Date) {
  const { timeZone } = await taskRules(db);
  await db
    .insert(taskMarks)
    .values({ userId, kind: 'share', subjectId: roomId, period: localDay(now, timeZone), at: now })
    .onConflictDoNothing();
}

export async function markFollow(db: DbOrTx, userId: number, anchorId: number, now: Date) {
  await db
    .insert(taskMarks)
    .values({ userId, kind: 'follow', subjectId: anchorId, period: 'ever', at: now })
    .onConflictDoNothing();
}
