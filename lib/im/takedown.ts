// A private (or group) message as a report target (`pm`, lib/moderation/report-targets.ts): its sender owns
// it; an upheld report takes it down (kept, marked removed with who and why), an operator's restore brings it
// back. Either way every member's sockets get the message as they now see it (`imUpdate`: a tombstone, the
// reason to its sender only), once the decision commits, as a send pushes (lib/im/service.ts).
import { and, eq, exists, isNotNull, isNull, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import type { TakenDown } from '@/lib/moderation/report-targets';
import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { imConversations, imMembers, imMessages } from './schema';
import { present } from './service';

/** The notice item (`im.notices.items.privateMessage`) the sender is told about. */
const ITEM = 'privateMessage';

/**
 * Who sent a message still shown, for reports (null when there is none or it is taken down). A report is
 * filed only by a member of its conversation: to anyone else the message does not exist.
 */
export async function imMessageOwner(db: DbOrTx, id: number, reporterId?: number) {
  const [row] = await db
    .select({ ownerId: imMessages.senderId })
    .from(imMessages)
    .where(
      and(
        eq(imMessages.id, id),
        isNull(imMessages.removedAt),
        reporterId === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(imMembers)
                .where(
                  and(
                    eq(imMembers.conversationId, imMessages.conversationId),
                    eq(imMembers.userId, reporterId),
                  ),
                ),
            ),
      ),
    );
  return row ?? null;
}

/** Takes a message down by the moderator who upheld its report; null when it is gone or already down. */
export async function takeDownImMessage(
  db: DbOrTx,
  id: number,
  input: { now: Date; reason: string; actorId: number },
): Promise<TakenDown | null> {
  const [row] = await db
    .update(imMessages)
    .set({
      removedAt: input.now,
      removedBy: input.actorId,
      removalReason: input.reason.slice(0, 200) || null,
    })
    .where(and(eq(imMessages.id, id), isNull(imMessages.removedAt)))
    .returning();
  if (!row) return null;
  await pushUpdated(db, row);
  return {
    ownerId: row.senderId,
    item: ITEM,
    before: { type: 'pm', id, conversation_id: row.conversationId, removed: false },
    after: { type: 'pm', id, conversation_id: row.conversationId, removed: true },
  };
}

/** An operator brings a taken-down message back; null when it is not taken down. */
export async function restoreImMessage(
  db: DbOrTx,
  id: number,
  _input: { now: Date },
): Promise<TakenDown | null> {
  const [row] = await db
    .update(imMessages)
    .set({ removedAt: null, removedBy: null, removalReason: null })
    .where(and(eq(imMessages.id, id), isNotNull(imMessages.removedAt)))
    .returning();
  if (!row) return null;
  await pushUpdated(db, row);
  return {
    ownerId: row.senderId,
    item: ITEM,
    before: { type: 'pm', id, conversation_id: row.conversationId, removed: true },
    after: { type: 'pm', id, conversation_id: row.conversationId, removed: false },
  };
}

/** Each member's copy of the changed message to their own sockets (read marks as the history shows them). */
async function pushUpdated(db: DbOrTx, row: typeof imMessages.$inferSelect) {
  const [sender] = await db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, row.senderId));
  const [conversation] = await db
    .select({ kind: imConversations.kind })
    .from(imConversations)
    .where(eq(imConversations.id, row.conversationId));
  const members = await db
    .select({ userId: imMembers.userId, lastReadId: imMembers.lastReadId })
    .from(imMembers)
    .where(eq(imMembers.conversationId, row.conversationId));
  if (!sender || !conversation) return;
  const peerRead = members.find((member) => member.userId !== row.senderId)?.lastReadId ?? 0;
  for (const member of members) {
    const isRead = conversation.kind === 'c2c' && member.userId === row.senderId && row.id <= peerRead;
    publish(
      { room: rooms.user(member.userId) },
      { type: 'imUpdate', data: present(row, sender, isRead, member.userId) },
    );
  }
}
