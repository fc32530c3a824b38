// A live room's title or cover taken down by staff (issue #41, item 2): from /admin/live, with a reason
// code and free text. The room falls back to its defaults — an empty title reads as "<anchor>的直播间" and
// an empty cover as the anchor's default picture on every screen — in one transaction with the notice that
// tells the anchor, in their language, what was taken down and why. The anchor may set a new one after.
import { and, eq, isNull } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { Db, DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { CONTENT_REJECT_REASONS } from '@/lib/review/reasons';

export const ROOM_LOOK_PARTS = ['title', 'cover'] as const;
export type RoomLookPart = (typeof ROOM_LOOK_PARTS)[number];
/** The message centre's item each part is named by (`im.notices.items.*`). */
const ITEM_OF: Record<RoomLookPart, string> = { title: 'roomTitle', cover: 'roomCover' };

export type RoomLookTakeDown = {
  roomId: number;
  part: RoomLookPart;
  reasonCode: string | undefined;
  note: string;
  actorId: number;
  now: Date;
};

/**
 * Puts the room's title (its open broadcast's too) or cover back to the default and tells the anchor.
 * Refuses without a reason from the content list (`other` needs words), an unknown room, and a part that
 * already is the default (`ROOM_LOOK_ALREADY_DEFAULT`); nothing changes then.
 */
export async function takeDownRoomLook(db: Db, input: RoomLookTakeDown) {
  return db.transaction((tx) => removeRoomLook(tx, input));
}

/**
 * `takeDownRoomLook` inside a transaction the caller holds: the same checks, change and notice (an upheld
 * report on the room takes its title or cover down this way, lib/moderation/report-room.ts).
 */
export async function removeRoomLook(tx: DbOrTx, input: RoomLookTakeDown) {
  if (!input.reasonCode) throw new DomainError('CONTENT_REASON_REQUIRED');
  if (!(CONTENT_REJECT_REASONS as readonly string[]).includes(input.reasonCode))
    throw new DomainError('REVIEW_REASON_INVALID');
  const note = input.note.trim();
  if (input.reasonCode === 'other' && !note) throw new DomainError('REVIEW_NOTE_REQUIRED');
  const [room] = await tx.select().from(liveRooms).where(eq(liveRooms.id, input.roomId)).for('update');
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  const before = input.part === 'title' ? room.title : room.coverUrl;
  if (!before) throw new DomainError('ROOM_LOOK_ALREADY_DEFAULT');
  if (input.part === 'title') {
    await tx.update(liveRooms).set({ title: '' }).where(eq(liveRooms.id, room.id));
    await tx
      .update(broadcasts)
      .set({ title: '' })
      .where(and(eq(broadcasts.roomId, room.id), isNull(broadcasts.endedAt)));
  } else await tx.update(liveRooms).set({ coverUrl: '' }).where(eq(liveRooms.id, room.id));
  await notify(
    tx,
    {
      userId: room.anchorId,
      subject: 'room_look_removed',
      actorId: input.actorId,
      params: { item: ITEM_OF[input.part], reason: input.reasonCode!, note },
      link: `/live?id=${room.id}`,
    },
    input.now,
  );
  return {
    room_id: room.id,
    anchor_id: room.anchorId,
    before: { [input.part]: before },
    after: { [input.part]: '' },
  };
}
