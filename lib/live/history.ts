// What a viewer watched (`watchlistList`) and what an anchor's broadcasting earned
// (`anchorExperienceList`). Spec §5: records are kept only within three months; experience moves in
// steps of 0.1.
import { and, desc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { noteWatchDay } from '@/lib/invites/service';
import { recordsSince } from '@/lib/time/record-window';
import { broadcasts, liveRooms, watchHistory } from './schema';

/** One tenth of experience (the smallest unit) for every six full minutes on air: 1.0 an hour. */
export const MINUTES_PER_TENTH = 6;

export async function recordWatch(db: DbOrTx, userId: number, roomId: number, now: Date) {
  await db
    .insert(watchHistory)
    .values({ userId, roomId, watchedAt: now })
    .onConflictDoUpdate({ target: [watchHistory.userId, watchHistory.roomId], set: { watchedAt: now } });
  await noteWatchDay(db, userId, now);
}

/** The rooms a viewer opened in the last three months, most recent first. */
export async function watchedRooms(db: DbOrTx, userId: number, now: Date, limit = 40) {
  const rows = await db
    .select({
      id: liveRooms.id,
      title: liveRooms.title,
      coverUrl: liveRooms.coverUrl,
      status: liveRooms.status,
      heat: liveRooms.heat,
      anchorId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      watchedAt: watchHistory.watchedAt,
    })
    .from(watchHistory)
    .innerJoin(liveRooms, eq(liveRooms.id, watchHistory.roomId))
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(and(eq(watchHistory.userId, userId), gte(watchHistory.watchedAt, recordsSince(now))))
    .orderBy(desc(watchHistory.watchedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }) }));
}

/** Forgets one room, or the whole history. Answers how many records went. */
export async function forgetWatched(db: DbOrTx, userId: number, roomId?: number) {
  const removed = await db
    .delete(watchHistory)
    .where(and(eq(watchHistory.userId, userId), roomId ? eq(watchHistory.roomId, roomId) : undefined))
    .returning({ roomId: watchHistory.roomId });
  return removed.length;
}

/** Experience earned by a broadcast of this length, in tenths (integers keep sums exact). */
export const experienceTenths = (startedAt: Date, endedAt: Date) =>
  Math.floor(Math.max(0, endedAt.getTime() - startedAt.getTime()) / 60_000 / MINUTES_PER_TENTH);

/** The anchor's finished broadcasts of the last three months and the experience each earned. */
export async function anchorExperience(db: DbOrTx, roomId: number, now: Date) {
  const rows = await db
    .select()
    .from(broadcasts)
    .where(
      and(
        eq(broadcasts.roomId, roomId),
        isNotNull(broadcasts.endedAt),
        gte(broadcasts.startedAt, recordsSince(now)),
        lt(broadcasts.startedAt, now),
      ),
    )
    .orderBy(desc(broadcasts.startedAt), desc(broadcasts.id));
  const records = rows.map((row) => {
    const tenths = experienceTenths(row.startedAt, row.endedAt!);
    return {
      broadcastId: row.id,
      title: row.title,
      startedAt: row.startedAt,
      endedAt: row.endedAt!,
      minutes: Math.floor((row.endedAt!.getTime() - row.startedAt.getTime()) / 60_000),
      tenths,
    };
  });
  return { records, totalTenths: records.reduce((sum, record) => sum + record.tenths, 0) };
}
