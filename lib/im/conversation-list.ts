// The reader's conversation list (spec §3 conversation), newest message first, a page at a time (issue
// #45: a busy fan's hundred conversations were listed at once). Each page is one range of the member's
// own index (`im_members_user_recent_idx`: the member's copy of the conversation's last message time,
// then the conversation's id), each row joined to its conversation, the newest message the conversation
// keeps (`last_message_id`) and its sender; then the C2C peers of that page. `cursor` — the answer's,
// opaque to the screen — carries the last row's place (time to the microsecond, id), so the next page
// starts after it however the rows before it moved meanwhile; without it `page` skips to its page.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { imConversations, imMembers, imMessages } from './schema';
import { present } from './service';

/** Conversations per page of the list. */
export const CONVERSATION_PAGE = 20;

/** A row's place in the member's order: its list time in microseconds since 1970 and its conversation. */
type Place = { micros: bigint; conversationId: number };

const MICROS_MAX = 10n ** 16n; // well inside timestamptz's range, either side of 1970

export function encodeCursor(place: Place) {
  return Buffer.from(`${place.micros}.${place.conversationId}`).toString('base64url');
}

/** The place a cursor names; a cursor this list did not write is refused (`IM_CURSOR_INVALID`). */
export function decodeCursor(cursor: string): Place {
  const plain = /^[A-Za-z0-9_-]{1,40}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('latin1')
    : '';
  const match = /^(-?\d{1,17})\.(\d{1,10})$/.exec(plain);
  const micros = match ? BigInt(match[1]!) : 0n;
  const conversationId = match ? Number(match[2]) : 0;
  if (
    !match ||
    micros >= MICROS_MAX ||
    micros <= -MICROS_MAX ||
    conversationId < 1 ||
    conversationId > 2 ** 31 - 1
  )
    throw new DomainError('IM_CURSOR_INVALID');
  return { micros, conversationId };
}

export type ConversationListOptions = {
  page?: number | undefined;
  size?: number | undefined;
  cursor?: string | undefined;
  /** Just this conversation, when the reader is in it (the screen opening one not on its loaded pages). */
  conversationId?: number | undefined;
};

/**
 * A page of the reader's conversations, the newest message first, each with its last message and unread
 * count; `unread` and `total` are over all of them (the member's rows, on its index), `cursor` the next
 * page's (null on the last).
 */
export async function listConversations(db: DbOrTx, userId: number, options: ConversationListOptions = {}) {
  const size = options.size ?? CONVERSATION_PAGE;
  const page = options.page ?? 1;
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const sender = alias(users, 'sender');
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        member: { unread: imMembers.unread },
        micros: sql<string>`(extract(epoch from ${imMembers.lastMessageAt}) * 1000000)::bigint::text`,
        conversation: imConversations,
        message: imMessages,
        sender: { nickname: sender.nickname, avatar: sender.avatar },
      })
      .from(imMembers)
      .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
      .leftJoin(imMessages, eq(imMessages.id, imConversations.lastMessageId))
      .leftJoin(sender, eq(sender.id, imMessages.senderId))
      .where(
        and(
          eq(imMembers.userId, userId),
          options.conversationId ? eq(imMembers.conversationId, options.conversationId) : undefined,
          after
            ? sql`(${imMembers.lastMessageAt}, ${imMembers.conversationId}) < (timestamptz 'epoch' + ${String(after.micros)}::bigint * interval '1 microsecond', ${after.conversationId})`
            : undefined,
        ),
      )
      .orderBy(sql`${imMembers.lastMessageAt} desc nulls last`, sql`${imMembers.conversationId} desc`)
      .limit(size + 1)
      .offset(after || options.conversationId ? 0 : (page - 1) * size),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`coalesce(sum(${imMembers.unread}), 0)::int`,
      })
      .from(imMembers)
      .where(eq(imMembers.userId, userId)),
  ]);
  const shown = rows.slice(0, size);
  const pairs = shown.filter((row) => row.conversation.kind === 'c2c').map((row) => row.conversation.id);
  const peers = pairs.length
    ? await db
        .select({
          conversationId: imMembers.conversationId,
          id: users.id,
          nickname: users.nickname,
          avatar: users.avatar,
          lastReadId: imMembers.lastReadId,
        })
        .from(imMembers)
        .innerJoin(users, eq(users.id, imMembers.userId))
        .where(and(inArray(imMembers.conversationId, pairs), ne(imMembers.userId, userId)))
    : [];
  const peerOf = new Map(peers.map((peer) => [peer.conversationId, peer]));
  const list = shown.map(({ conversation, member, message, sender: from }) => {
    const peer = peerOf.get(conversation.id);
    return {
      conversationID: conversation.id,
      type: conversation.kind === 'c2c' ? ('C2C' as const) : ('GROUP' as const),
      userProfile: peer ? { userID: peer.id, nick: peer.nickname, avatar: avatarOf(peer) } : null,
      group:
        conversation.kind === 'group'
          ? {
              name: conversation.name!,
              room_id: conversation.roomId,
              owner_id: conversation.ownerId,
              dissolved: Boolean(conversation.dissolvedAt),
            }
          : null,
      lastMessage:
        message && from
          ? present(
              message,
              { id: message.senderId, nickname: from.nickname, avatar: from.avatar },
              Boolean(peer && message.senderId === userId && message.id <= peer.lastReadId),
              userId,
            )
          : null,
      unread: member.unread,
    };
  });
  const last = shown.at(-1);
  return {
    list,
    unread: totals?.unread ?? 0,
    total: totals?.total ?? 0,
    page,
    size,
    /** The next page's `cursor`; null on the last page. */
    cursor:
      rows.length > size && last
        ? encodeCursor({ micros: BigInt(last.micros), conversationId: last.conversation.id })
        : null,
  };
}
