// Recommended videos of a live room (spec §2 "video recommendation"): replays of this anchor and of
// other rooms of the same category, ranked by how many watched them live and how recent they are.
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { broadcasts, liveRooms } from './schema';
import { notSealed } from './seal-state';
import { findRoom, listReplays } from './service';

export const RECOMMEND_LIMIT_MAX = 24;
/** Other rooms give at most this many replays each, so one busy channel does not fill the list. */
const PER_OTHER_ROOM = 2;
/** A replay loses one point of score per this many days: last week's big match beats last year's. */
const DECAY_DAYS = 7;
/** The room's own replays are what its viewers came for: a head start over strangers' ones. */
const OWN_ROOM_BONUS = 1.5;

export async function recommendVideos(
  db: DbOrTx,
  roomId: number,
  options: { limit?: number; exclude?: number | null; now: Date },
) {
  const room = await findRoom(db, roomId);
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  const limit = Math.min(options.limit ?? 8, RECOMMEND_LIMIT_MAX);
  const now = options.now;
  // The stage already plays the room's latest replay (or the one asked for): it is not a recommendation.
  const [latest] = await listReplays(db, room.id, 1, 1);
  const excluded = [latest?.id, options.exclude].filter((id): id is number => typeof id === 'number');
  const sameCategory =
    room.category === 'custom'
      ? and(eq(liveRooms.category, 'custom'), eq(liveRooms.customCategoryId, room.customCategoryId ?? -1))
      : eq(liveRooms.category, room.category);
  const own = sql<boolean>`${liveRooms.id} = ${room.id}`;
  // Constants are written into the SQL: as bound parameters Postgres would type them from context.
  const score = sql<number>`ln(1 + ${broadcasts.peakViewers})
    + case when ${own} then ${sql.raw(String(OWN_ROOM_BONUS))} else 0 end
    - extract(epoch from (${now.toISOString()}::timestamptz - ${broadcasts.endedAt}))
      / ${sql.raw(String(DECAY_DAYS * 86_400))}`;
  const rows = await db
    .select({
      id: broadcasts.id,
      roomId: liveRooms.id,
      title: broadcasts.title,
      startedAt: broadcasts.startedAt,
      endedAt: broadcasts.endedAt,
      peakViewers: broadcasts.peakViewers,
      cover: liveRooms.coverUrl,
      own,
      anchorId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(broadcasts)
    .innerJoin(liveRooms, eq(liveRooms.id, broadcasts.roomId))
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(
      and(
        isNotNull(broadcasts.replayPath),
        isNotNull(broadcasts.endedAt),
        notSealed(now),
        sql`(${own} or ${sameCategory})`,
        ...excluded.map((id) => ne(broadcasts.id, id)),
      ),
    )
    .orderBy(sql`${score} desc`, sql`${broadcasts.endedAt} desc`, sql`${broadcasts.id} desc`)
    .limit(limit * 4);
  const perRoom = new Map<number, number>();
  const picked = rows.filter((row) => {
    if (row.own) return true;
    const count = (perRoom.get(row.roomId) ?? 0) + 1;
    perRoom.set(row.roomId, count);
    return count <= PER_OTHER_ROOM;
  });
  return picked.slice(0, limit).map((row) => ({
    broadcast_id: row.id,
    room_id: row.roomId,
    title: row.title,
    cover: row.cover || null,
    own_room: row.own,
    anchor: {
      id: row.anchorId,
      nickname: row.nickname,
      avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }),
    },
    started_at: row.startedAt,
    duration_seconds: Math.round((row.endedAt!.getTime() - row.startedAt.getTime()) / 1000),
    peak_viewers: row.peakViewers,
    href: `/live?id=${row.roomId}&replay=${row.id}`,
  }));
}

export type RecommendedVideo = Awaited<ReturnType<typeof recommendVideos>>[number];
