// Groups (spec §7 `group/*`, `live/groupList`, `getLiveGroupList`, `addshowGroup`): a group is a
// conversation with more members and works like C2C (lib/im/service.ts sends, lists and marks read).
// Private groups grow by invitation of a member; a live room's fan groups are open to anyone who joins.
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { follows, liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { refuseSensitive } from '@/lib/sensitive/words';
import { imBlocks, imConversations, imMembers } from './schema';
import { memberConversation } from './service';

/** Members of one group at most (as many as a room's administrators may be, spec §5). */
export const GROUP_MAX_MEMBERS = 200;
/** Groups one user may own at once. */
export const GROUPS_OWNED_MAX = 20;
const LIST_MAX = 20;

const memberCount = sql<number>`(select count(*)::int from ${imMembers} where ${imMembers.conversationId} = ${imConversations.id})`;

function presentGroup(row: typeof imConversations.$inferSelect, members: number, joined: boolean) {
  return {
    group_id: row.id,
    name: row.name!,
    owner_id: row.ownerId,
    room_id: row.roomId,
    members,
    joined,
    created_at: row.createdAt,
  };
}

async function liveGroup(db: DbOrTx, groupId: number) {
  const [group] = await db
    .select()
    .from(imConversations)
    .where(
      and(
        eq(imConversations.id, groupId),
        eq(imConversations.kind, 'group'),
        isNull(imConversations.dissolvedAt),
      ),
    );
  if (!group) throw new NotFoundError('IM_GROUP_NOT_FOUND');
  return group;
}

/** Adds users (skipping members already in); refuses users who blocked the inviter or a full group. */
async function addMembers(db: DbOrTx, groupId: number, inviterId: number, userIds: number[], now: Date) {
  const wanted = [...new Set(userIds)].filter((id) => id !== inviterId);
  if (wanted.length === 0) return 0;
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted));
  if (found.length !== wanted.length) throw new NotFoundError('USER_NOT_FOUND');
  const [blocking] = await db
    .select({ id: imBlocks.blockerId })
    .from(imBlocks)
    .where(and(inArray(imBlocks.blockerId, wanted), eq(imBlocks.blockedId, inviterId)))
    .limit(1);
  if (blocking) throw new ForbiddenError('IM_BLOCKED_BY_PEER');
  const [{ members } = { members: 0 }] = await db
    .select({ members: count() })
    .from(imMembers)
    .where(eq(imMembers.conversationId, groupId));
  const start = await joining(db, groupId, now);
  const added = await db
    .insert(imMembers)
    .values(wanted.map((userId) => ({ conversationId: groupId, userId, joinedAt: now, ...start })))
    .onConflictDoNothing()
    .returning({ userId: imMembers.userId });
  if (members + added.length > GROUP_MAX_MEMBERS) throw new DomainError('IM_GROUP_FULL');
  return added.length;
}

/**
 * What a new member's row starts with: the history read (only what is sent after the joining is unread),
 * listed by the group's last message, or by the joining before its first.
 */
async function joining(db: DbOrTx, conversationId: number, now: Date) {
  const [group] = await db
    .select({ lastMessageId: imConversations.lastMessageId, lastMessageAt: imConversations.lastMessageAt })
    .from(imConversations)
    .where(eq(imConversations.id, conversationId));
  return { lastReadId: group?.lastMessageId ?? 0, lastMessageAt: group?.lastMessageAt ?? now };
}

/** `im/groupMembers`: a group's members for one of them, the owner first, then by joining. */
export async function groupMembers(db: DbOrTx, userId: number, groupId: number) {
  const group = await liveGroup(db, groupId);
  await memberConversation(db, userId, group.id);
  const rows = await db
    .select({ ...contactFields, joinedAt: imMembers.joinedAt })
    .from(imMembers)
    .innerJoin(users, eq(users.id, imMembers.userId))
    .where(eq(imMembers.conversationId, group.id))
    .orderBy(sql`${users.id} = ${group.ownerId} desc`, imMembers.joinedAt, users.id);
  return rows.map((row) => ({ ...presentContact(row), is_owner: row.id === group.ownerId }));
}

async function assertMayOwnAnother(db: DbOrTx, ownerId: number) {
  const [{ owned } = { owned: 0 }] = await db
    .select({ owned: count() })
    .from(imConversations)
    .where(and(eq(imConversations.ownerId, ownerId), isNull(imConversations.dissolvedAt)));
  if (owned >= GROUPS_OWNED_MAX) throw new DomainError('IM_GROUPS_OWNED_MAX');
}

/** `group/addgroup`: a private group of the owner and the users invited. */
export async function createGroup(
  db: DbOrTx,
  ownerId: number,
  input: { name: string; userIds: number[]; roomId?: number },
  now: Date,
) {
  const name = await refuseSensitive(db, input.name, now);
  await assertMayOwnAnother(db, ownerId);
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(imConversations)
      .values({ kind: 'group', name, ownerId, roomId: input.roomId ?? null, createdAt: now })
      .returning();
    await tx
      .insert(imMembers)
      .values({ conversationId: group!.id, userId: ownerId, joinedAt: now, lastMessageAt: now });
    const added = await addMembers(tx, group!.id, ownerId, input.userIds, now);
    return presentGroup(group!, added + 1, true);
  });
}

/** `group/addGroupUser`: a member invites users into a private group. */
export async function addGroupUsers(
  db: DbOrTx,
  userId: number,
  input: { groupId: number; userIds: number[] },
  now: Date,
) {
  const group = await liveGroup(db, input.groupId);
  await memberConversation(db, userId, group.id);
  return db.transaction(async (tx) => {
    const added = await addMembers(tx, group.id, userId, input.userIds, now);
    // Everyone asked for is in already (or only the inviter was named): say so rather than "0 added".
    if (added === 0) throw new DomainError('IM_GROUP_ALREADY_MEMBERS');
    return { group_id: group.id, added };
  });
}

/** `group/destroyGroupNew`: the owner dissolves the group; its history stays, sending stops. */
export async function destroyGroup(db: DbOrTx, userId: number, groupId: number, now: Date) {
  const group = await liveGroup(db, groupId);
  if (group.ownerId !== userId) throw new ForbiddenError('IM_GROUP_OWNER_ONLY');
  await db.update(imConversations).set({ dissolvedAt: now }).where(eq(imConversations.id, group.id));
  return { group_id: group.id };
}

/** `group/crossCorrelation`: what links the caller to another user — groups both are in, follows. */
export async function crossCorrelation(db: DbOrTx, userId: number, otherId: number) {
  const mine = db
    .select({ id: imMembers.conversationId })
    .from(imMembers)
    .where(eq(imMembers.userId, userId));
  const rows = await db
    .select({ group: imConversations, members: memberCount })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(
      and(
        eq(imMembers.userId, otherId),
        eq(imConversations.kind, 'group'),
        isNull(imConversations.dissolvedAt),
        inArray(imMembers.conversationId, mine),
      ),
    )
    .orderBy(desc(imConversations.id));
  const followRows = await db
    .select({ userId: follows.userId })
    .from(follows)
    .where(
      sql`(${follows.userId} = ${userId} and ${follows.anchorId} = ${otherId}) or (${follows.userId} = ${otherId} and ${follows.anchorId} = ${userId})`,
    );
  return {
    user_id: otherId,
    common_groups: rows.map((row) => presentGroup(row.group, row.members, true)),
    you_follow: followRows.some((row) => row.userId === userId),
    follows_you: followRows.some((row) => row.userId === otherId),
  };
}

const contactFields = {
  id: users.id,
  nickname: users.nickname,
  avatar: users.avatar,
  isAnchor: users.isAnchor,
};
type ContactRow = { id: number; nickname: string; avatar: string; isAnchor: boolean };
const presentContact = (row: ContactRow) => ({
  user_id: row.id,
  nickname: row.nickname,
  avatar: avatarOf(row),
  is_anchor: row.isAnchor,
});

/** `group/addressBook`: people the caller has talked to, then the streamers they follow. */
export async function addressBook(db: DbOrTx, userId: number) {
  const myConversations = db
    .select({ id: imMembers.conversationId })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(and(eq(imMembers.userId, userId), eq(imConversations.kind, 'c2c')));
  const blocked = db.select({ id: imBlocks.blockedId }).from(imBlocks).where(eq(imBlocks.blockerId, userId));
  const [talked, followed] = await Promise.all([
    db
      .selectDistinct(contactFields)
      .from(imMembers)
      .innerJoin(users, eq(users.id, imMembers.userId))
      .where(
        and(
          inArray(imMembers.conversationId, myConversations),
          ne(imMembers.userId, userId),
          notInArray(users.id, blocked),
        ),
      ),
    db
      .select(contactFields)
      .from(follows)
      .innerJoin(users, eq(users.id, follows.anchorId))
      .where(and(eq(follows.userId, userId), notInArray(users.id, blocked))),
  ]);
  const seen = new Map<number, ContactRow>();
  for (const row of [...talked, ...followed]) if (!seen.has(row.id)) seen.set(row.id, row);
  return [...seen.values()].map(presentContact);
}

/** `group/getRecommendUserList`: popular streamers (by followers) the caller has no conversation with. */
export async function recommendUsers(db: DbOrTx, userId: number) {
  const known = db
    .select({ id: imMembers.userId })
    .from(imMembers)
    .where(
      inArray(
        imMembers.conversationId,
        db
          .select({ id: imMembers.conversationId })
          .from(imMembers)
          .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
          .where(and(eq(imMembers.userId, userId), eq(imConversations.kind, 'c2c'))),
      ),
    );
  const rows = await db
    .select({ ...contactFields, fans: count(follows.userId) })
    .from(users)
    .leftJoin(follows, eq(follows.anchorId, users.id))
    .where(and(eq(users.isAnchor, true), ne(users.id, userId), notInArray(users.id, known)))
    .groupBy(users.id)
    .orderBy(desc(count(follows.userId)), desc(users.id))
    .limit(LIST_MAX);
  return rows.map((row) => ({ ...presentContact(row), fans: row.fans }));
}

/** `group/getRecommendGroupList`: live rooms' fan groups the caller is not in, biggest first. */
export async function recommendGroups(db: DbOrTx, userId: number) {
  const mine = db
    .select({ id: imMembers.conversationId })
    .from(imMembers)
    .where(eq(imMembers.userId, userId));
  const rows = await db
    .select({ group: imConversations, members: memberCount })
    .from(imConversations)
    .where(
      and(
        isNotNull(imConversations.roomId),
        isNull(imConversations.dissolvedAt),
        notInArray(imConversations.id, mine),
      ),
    )
    .orderBy(desc(memberCount), desc(imConversations.id))
    .limit(LIST_MAX);
  return rows.map((row) => presentGroup(row.group, row.members, false));
}

/** `live/addshowGroup`: an anchor opens a fan group for their room. */
export async function addShowGroup(db: DbOrTx, anchorId: number, name: string, now: Date) {
  const room = await ensureRoom(db, anchorId);
  return createGroup(db, anchorId, { name, userIds: [], roomId: room.id }, now);
}

/** `live/groupList`: a room's fan groups, with whether the caller is in each. */
export async function roomGroups(db: DbOrTx, roomId: number, viewerId: number | null) {
  const [room] = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.id, roomId));
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  const rows = await db
    .select({
      group: imConversations,
      members: memberCount,
      joined: viewerId
        ? sql<boolean>`exists (select 1 from ${imMembers} where ${imMembers.conversationId} = ${imConversations.id} and ${imMembers.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(imConversations)
    .where(and(eq(imConversations.roomId, roomId), isNull(imConversations.dissolvedAt)))
    .orderBy(desc(imConversations.id));
  return rows.map((row) => presentGroup(row.group, row.members, row.joined));
}

/** `live/getLiveGroupList`: the live-room fan groups the caller belongs to. */
export async function myRoomGroups(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ group: imConversations, members: memberCount })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(
      and(
        eq(imMembers.userId, userId),
        isNotNull(imConversations.roomId),
        isNull(imConversations.dissolvedAt),
      ),
    )
    .orderBy(desc(imConversations.id));
  return rows.map((row) => presentGroup(row.group, row.members, true));
}

/** Joining a room's fan group from the room (private groups are joined by invitation only). */
export async function joinRoomGroup(db: DbOrTx, userId: number, groupId: number, now: Date) {
  const group = await liveGroup(db, groupId);
  if (group.roomId === null) throw new ForbiddenError('IM_GROUP_PRIVATE');
  await db.transaction(async (tx) => {
    const [{ members } = { members: 0 }] = await tx
      .select({ members: count() })
      .from(imMembers)
      .where(eq(imMembers.conversationId, group.id));
    if (members >= GROUP_MAX_MEMBERS) throw new DomainError('IM_GROUP_FULL');
    await tx
      .insert(imMembers)
      .values({
        conversationId: group.id,
        userId,
        joinedAt: now,
        ...(await joining(tx, group.id, now)),
      })
      .onConflictDoNothing();
  });
  return { group_id: group.id, conversation_id: group.id };
}
