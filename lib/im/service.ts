// Private messages (spec §2 private chat, §3 message/conversation): a message is checked (membership,
// blocks, sensitive words, rate limit), stored, then pushed to every member's `user:<id>` socket room,
// so each open tab of the recipient — and the sender's other tabs — gets it. Conversations list with
// their last message and the reader's unread count (lib/im/conversation-list.ts); messages page 15 at
// a time, newest last.
// Text is stored and sent as text: screens render it as text, never HTML.
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { findUserById } from '@/lib/accounts/auth-service';
import { avatarOf } from '@/lib/accounts/avatars';
import { assertNotMuted } from '@/lib/accounts/sanctions';
import { users } from '@/lib/accounts/schema';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { consumeOrThrow, rateLimiterOf } from '@/lib/rate-limits';
import { type ImMessage, rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { screenText } from '@/lib/sensitive/words';
import { findOwnUpload } from '@/lib/storage/service';
import { effectiveSettings, RATE_DEFAULTS } from '@/lib/system/settings';
import { type ImCustomPayload, imBlocks, imConversations, imMembers, imMessages } from './schema';

/** Spec §9: messages per page. */
export const IM_PAGE = 15;
export const IM_TEXT_MAX = 500;
/**
 * Per sender, over all conversations: as much as a person types, far below a script (room chat's figure),
 * until an operator sets another (lib/system/settings.ts `imRate`, applied without a restart).
 */
export const IM_RATE = { points: RATE_DEFAULTS.imRate.count, seconds: RATE_DEFAULTS.imRate.seconds } as const;

const perSender = rateLimiterOf('im-rate');

export type ImContent =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string }
  | { type: 'custom'; custom: ImCustomPayload };

type MessageRow = typeof imMessages.$inferSelect;
type Sender = { id: number; nickname: string; avatar: string };

/**
 * A message as `viewerId` sees it. One staff took down is a tombstone to every reader and every route
 * (history, the conversation list's preview, pushes): no text, picture or card; its sender alone gets the reason.
 */
export function present(row: MessageRow, sender: Sender, isRead: boolean, viewerId: number): ImMessage {
  const removed = row.removedAt !== null;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    name: sender.nickname,
    avatar: avatarOf(sender),
    type: row.kind,
    text: removed ? null : row.text,
    url: removed ? null : row.imageUrl,
    custom: removed ? null : (row.custom ?? null),
    time: row.createdAt.toISOString(),
    is_read: isRead,
    removed,
    removal_reason: removed && viewerId === row.senderId ? (row.removalReason ?? '') : null,
  };
}

export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export async function isBlocked(db: DbOrTx, blockerId: number, blockedId: number) {
  const [row] = await db
    .select({ at: imBlocks.createdAt })
    .from(imBlocks)
    .where(and(eq(imBlocks.blockerId, blockerId), eq(imBlocks.blockedId, blockedId)));
  return Boolean(row);
}

/** Refuses a private message between two users when either blocked the other. */
export async function assertMayMessage(db: DbOrTx, senderId: number, peerId: number) {
  if (await isBlocked(db, peerId, senderId)) throw new ForbiddenError('IM_BLOCKED_BY_PEER');
  if (await isBlocked(db, senderId, peerId)) throw new DomainError('IM_YOU_BLOCKED');
}

/** The one conversation between two users, made on first use (both become members). */
export async function openConversation(db: DbOrTx, userId: number, peerId: number, now: Date) {
  if (peerId === userId) throw new DomainError('IM_SELF');
  await findUserById(db, peerId);
  const pairKey = pairKeyOf(userId, peerId);
  const [existing] = await db.select().from(imConversations).where(eq(imConversations.pairKey, pairKey));
  if (existing) return { conversation_id: existing.id };
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(imConversations)
      .values({ kind: 'c2c', pairKey, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      const [raced] = await tx.select().from(imConversations).where(eq(imConversations.pairKey, pairKey));
      return { conversation_id: raced!.id };
    }
    await tx.insert(imMembers).values([
      { conversationId: made.id, userId, joinedAt: now, lastMessageAt: now },
      { conversationId: made.id, userId: peerId, joinedAt: now, lastMessageAt: now },
    ]);
    return { conversation_id: made.id };
  });
}

/** The conversation, when `userId` is one of its members; otherwise a refusal. */
export async function memberConversation(db: DbOrTx, userId: number, conversationId: number) {
  const [row] = await db
    .select({ conversation: imConversations, member: imMembers })
    .from(imConversations)
    .innerJoin(imMembers, and(eq(imMembers.conversationId, imConversations.id), eq(imMembers.userId, userId)))
    .where(eq(imConversations.id, conversationId));
  if (row) return row;
  const [exists] = await db
    .select({ id: imConversations.id })
    .from(imConversations)
    .where(eq(imConversations.id, conversationId));
  if (!exists) throw new NotFoundError('IM_CONVERSATION_NOT_FOUND');
  throw new ForbiddenError('IM_NOT_MEMBER');
}

export async function memberIds(db: DbOrTx, conversationId: number) {
  const rows = await db
    .select({ userId: imMembers.userId })
    .from(imMembers)
    .where(eq(imMembers.conversationId, conversationId));
  return rows.map((row) => row.userId);
}

async function screenContent(db: DbOrTx, userId: number, content: ImContent, now: Date) {
  if (content.type === 'text') {
    return { kind: 'text' as const, text: await screenText(db, content.text, 'mask', now) };
  }
  if (content.type === 'image') {
    // Only a picture the sender uploaded as an image (checked and re-encoded by lib/storage).
    const upload = await findOwnUpload(db, userId, content.url, 'image');
    if (!upload) throw new DomainError('IM_IMAGE_INVALID');
    return { kind: 'image' as const, imageUrl: upload.url };
  }
  return {
    kind: 'custom' as const,
    custom: { ...content.custom, title: await screenText(db, content.custom.title, 'mask', now) },
  };
}

export async function sendImMessage(
  db: DbOrTx,
  input: { sender: Sender; conversationId: number; content: ImContent },
  now: Date,
) {
  const { sender } = input;
  await assertNotMuted(db, sender.id, now);
  const { conversation } = await memberConversation(db, sender.id, input.conversationId);
  if (conversation.dissolvedAt) throw new DomainError('IM_GROUP_DISSOLVED');
  const members = await memberIds(db, conversation.id);
  if (conversation.kind === 'c2c')
    await assertMayMessage(db, sender.id, members.find((id) => id !== sender.id)!);
  const values = await screenContent(db, sender.id, input.content, now);
  await consumeOrThrow(perSender(effectiveSettings().imRate), String(sender.id), 'IM_TOO_FAST');
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(imMessages)
      .values({ conversationId: conversation.id, senderId: sender.id, createdAt: now, ...values })
      .returning();
    await tx
      .update(imConversations)
      .set({ lastMessageAt: now, lastMessageId: stored!.id })
      .where(eq(imConversations.id, conversation.id));
    // Sending reads everything before it; every other member has one more unread.
    await tx
      .update(imMembers)
      .set({
        lastReadId: sql`case when ${imMembers.userId} = ${sender.id} then ${stored!.id} else ${imMembers.lastReadId} end`,
        unread: sql`case when ${imMembers.userId} = ${sender.id} then 0 else ${imMembers.unread} + 1 end`,
        lastMessageAt: now,
      })
      .where(eq(imMembers.conversationId, conversation.id));
    return stored!;
  });
  const message = present(row, sender, false, sender.id);
  for (const id of members) publish({ room: rooms.user(id) }, { type: 'im', data: message });
  return message;
}

/** A page of a conversation, oldest first: the newest 15, or the 15 before `before` (a message id). */
export async function listImMessages(
  db: DbOrTx,
  input: { userId: number; conversationId: number; before?: number | undefined },
) {
  const { conversation } = await memberConversation(db, input.userId, input.conversationId);
  const rows = await db
    .select({ message: imMessages, nickname: users.nickname, avatar: users.avatar })
    .from(imMessages)
    .innerJoin(users, eq(users.id, imMessages.senderId))
    .where(
      and(
        eq(imMessages.conversationId, conversation.id),
        input.before ? lt(imMessages.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(imMessages.id))
    .limit(IM_PAGE + 1);
  const peerRead = conversation.kind === 'c2c' ? await peerLastRead(db, conversation.id, input.userId) : 0;
  const page = rows.slice(0, IM_PAGE).reverse();
  return {
    list: page.map(({ message, nickname, avatar }) =>
      present(
        message,
        { id: message.senderId, nickname, avatar },
        conversation.kind === 'c2c' && message.senderId === input.userId && message.id <= peerRead,
        input.userId,
      ),
    ),
    has_more: rows.length > IM_PAGE,
  };
}

async function peerLastRead(db: DbOrTx, conversationId: number, userId: number) {
  const [row] = await db
    .select({ lastReadId: imMembers.lastReadId })
    .from(imMembers)
    .where(and(eq(imMembers.conversationId, conversationId), ne(imMembers.userId, userId)));
  return row?.lastReadId ?? 0;
}

/**
 * Marks the conversation read up to its newest message; the reader's tabs and the peer are told. The
 * member's row is locked before the newest message is looked up: a send locks it after storing its
 * message, so the message is either seen here (and read) or counted after this (and unread).
 */
export async function markConversationRead(db: DbOrTx, userId: number, conversationId: number) {
  await memberConversation(db, userId, conversationId);
  const lastReadId = await db.transaction(async (tx) => {
    const mine = and(eq(imMembers.conversationId, conversationId), eq(imMembers.userId, userId));
    const [member] = await tx
      .select({ lastReadId: imMembers.lastReadId })
      .from(imMembers)
      .where(mine)
      .for('update');
    const [newest] = await tx
      .select({ id: imMessages.id })
      .from(imMessages)
      .where(eq(imMessages.conversationId, conversationId))
      .orderBy(desc(imMessages.id))
      .limit(1);
    const read = Math.max(newest?.id ?? 0, member?.lastReadId ?? 0);
    await tx.update(imMembers).set({ lastReadId: read, unread: 0 }).where(mine);
    return read;
  });
  const data = { conversation_id: conversationId, user_id: userId, last_read_id: lastReadId };
  for (const id of await memberIds(db, conversationId)) {
    publish({ room: rooms.user(id) }, { type: 'imRead', data });
  }
  return data;
}

/** Unread messages over all the reader's conversations (the top bar's badge). */
export async function unreadMessageCount(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ unread: sql<number>`coalesce(sum(${imMembers.unread}), 0)::int` })
    .from(imMembers)
    .where(eq(imMembers.userId, userId));
  return row?.unread ?? 0;
}

export async function blockUser(db: DbOrTx, userId: number, peerId: number, now: Date) {
  if (peerId === userId) throw new DomainError('IM_SELF');
  await findUserById(db, peerId);
  await db
    .insert(imBlocks)
    .values({ blockerId: userId, blockedId: peerId, createdAt: now })
    .onConflictDoNothing();
  return { user_id: peerId, blocked: true };
}

export async function unblockUser(db: DbOrTx, userId: number, peerId: number) {
  await db.delete(imBlocks).where(and(eq(imBlocks.blockerId, userId), eq(imBlocks.blockedId, peerId)));
  return { user_id: peerId, blocked: false };
}

export async function listBlocks(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, at: imBlocks.createdAt })
    .from(imBlocks)
    .innerJoin(users, eq(users.id, imBlocks.blockedId))
    .where(eq(imBlocks.blockerId, userId))
    .orderBy(desc(imBlocks.createdAt));
  return rows.map((row) => ({ user_id: row.id, nickname: row.nickname, avatar: avatarOf(row) }));
}
