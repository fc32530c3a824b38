// Following anchors (spec §7 `api/Member/attention`, `api/User/attentionList`).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { findUserById } from '@/lib/accounts/auth-service';
import { users } from '@/lib/accounts/schema';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { markFollow } from '@/lib/tasks/marks';
import { follows, liveRooms } from './schema';

export async function followerCount(db: DbOrTx, anchorId: number) {
  const [row] = await db.select({ fans: count() }).from(follows).where(eq(follows.anchorId, anchorId));
  return row?.fans ?? 0;
}

/** Follows or unfollows; `follow` unset toggles. Answers the new state and the anchor's follower count. */
export async function setFollow(db: DbOrTx, userId: number, anchorId: number, now: Date, follow?: boolean) {
  if (anchorId === userId) throw new DomainError('FOLLOW_SELF');
  const anchor = await findUserById(db, anchorId);
  if (!anchor.isAnchor) throw new DomainError('NOT_AN_ANCHOR');
  const where = and(eq(follows.userId, userId), eq(follows.anchorId, anchorId));
  const [existing] = await db.select().from(follows).where(where);
  const wanted = follow ?? !existing;
  if (wanted && !existing) await db.insert(follows).values({ userId, anchorId }).onConflictDoNothing();
  // The follow task counts each anchor once, ever: unfollowing keeps this mark.
  if (wanted) await markFollow(db, userId, anchorId, now);
  if (wanted && !existing)
    await notify(
      db,
      {
        userId: anchorId,
        subject: 'follow',
        actorId: userId,
        link: `/persona?uid=${userId}`,
      },
      now,
    );
  if (!wanted && existing) await db.delete(follows).where(where);
  return { followed: wanted, fans: await followerCount(db, anchorId) };
}

export async function isFollowing(db: DbOrTx, userId: number, anchorId: number) {
  const [row] = await db
    .select()
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.anchorId, anchorId)));
  return Boolean(row);
}

/** The anchors a user follows (with their follower counts), live ones first, then the most recently followed. */
export function followedAnchors(db: DbOrTx, userId: number) {
  return db
    .select({
      anchorId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      roomId: liveRooms.id,
      title: liveRooms.title,
      coverUrl: liveRooms.coverUrl,
      status: liveRooms.status,
      heat: liveRooms.heat,
      followedAt: follows.createdAt,
      fans: sql<number>`(select count(*) from ${follows} fans where fans.anchor_id = ${users.id})`.mapWith(
        Number,
      ),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.anchorId))
    .leftJoin(liveRooms, eq(liveRooms.anchorId, follows.anchorId))
    .where(eq(follows.userId, userId))
    .orderBy(sql`${liveRooms.status} = 'live' desc nulls last`, desc(follows.createdAt));
}

/** How many anchors a user follows. */
export async function followingCount(db: DbOrTx, userId: number) {
  const [row] = await db.select({ value: count() }).from(follows).where(eq(follows.userId, userId));
  return row?.value ?? 0;
}

/** The people who follow an anchor, most recent first (the personal space's fans list). */
export function fansOf(db: DbOrTx, anchorId: number, limit: number) {
  return db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, signature: users.signature })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.userId))
    .where(eq(follows.anchorId, anchorId))
    .orderBy(desc(follows.createdAt), users.id)
    .limit(limit);
}
