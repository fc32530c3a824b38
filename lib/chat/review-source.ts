// Room chat lines a `review` sensitive word held (lib/chat/service.ts `sendMessage`), in the console's one
// review queue: shown to their sender only until a moderator approves them (they are said in the room then,
// at the bottom of its chat and its history) or refuses them (dropped, the sender told why), through `decideHeldChatLine`.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { liveRooms } from '@/lib/live/schema';
import { concernsOf, countWhere, EXCERPT, excerpt, pendingList } from '@/lib/review/paging';
import { CONTENT_REASONS } from '@/lib/review/reasons';
import type { QueueItem, QueueSource } from '@/lib/review/source';
import { chatMessages } from './schema';
import { decideHeldChatLine } from './service';

const held = and(eq(chatMessages.reviewStatus, 'pending'), isNull(chatMessages.deletedAt))!;

export const chatLineSource: QueueSource = {
  key: 'chatMessage',
  staff: ['moderator'],
  reasons: CONTENT_REASONS,
  count: (db) => countWhere(db, chatMessages, held),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: chatMessages.id, userId: chatMessages.userId })
      .from(chatMessages)
      .where(inArray(chatMessages.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: chatMessages,
        fields: { line: chatMessages },
        person: chatMessages.userId,
        where: held,
        by: chatMessages.id,
        leftJoin: {
          table: liveRooms,
          on: and(eq(chatMessages.channelKind, 'live'), eq(liveRooms.id, chatMessages.channelId))!,
          maybe: { roomTitle: liveRooms.title },
        },
      },
      input,
    );
    return rows.map(
      ({ line, roomTitle, nickname }): QueueItem => ({
        id: line.id,
        userId: line.userId,
        nickname,
        summary: excerpt(line.content),
        fields: {
          ...(line.content.length > EXCERPT ? { body: line.content } : {}),
          ...(line.channelKind === 'live'
            ? { room: roomTitle ? `${roomTitle} (#${line.channelId})` : `#${line.channelId}` }
            : { match: `#${line.channelId}` }),
        },
        createdAt: line.createdAt,
      }),
    );
  },
  async decide(tx, input) {
    const row = await decideHeldChatLine(tx, input.id, input.approve, input.now);
    return {
      userId: row.userId,
      before: { type: 'chat', id: input.id, channel: row.channel, review_status: 'pending' },
      after: {
        type: 'chat',
        // An approved line is said in the room under a new id (lib/chat/service.ts `decideHeldChatLine`).
        id: row.shownId,
        channel: row.channel,
        review_status: input.approve ? 'approved' : 'rejected',
      },
      link: row.kind === 'live' ? `/live?id=${row.channelId}` : null,
    };
  },
};
