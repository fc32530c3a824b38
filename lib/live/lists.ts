// Room lists read by pages: who is live, and on what.
import { and, desc, eq } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { liveRooms } from './schema';

/** Live rooms bound to a match (spec §2 /score-live "live rooms covering this match"), hottest first. */
export async function roomsCoveringMatch(db: DbOrTx, matchId: number) {
  const rows = await db
    .select({
      id: liveRooms.id,
      title: liveRooms.title,
      coverUrl: liveRooms.coverUrl,
      heat: liveRooms.heat,
      anchorId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(and(eq(liveRooms.matchId, matchId), eq(liveRooms.status, 'live')))
    .orderBy(desc(liveRooms.heat));
  return rows.map((row) => ({ ...row, avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }) }));
}
