// Kick-outs still in force for a viewer.
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { roomKickouts } from './schema';

export async function listKickedRoomIds(db: DbOrTx, userId: number, now: Date) {
  const rows = await db
    .selectDistinct({ roomId: roomKickouts.roomId })
    .from(roomKickouts)
    .where(and(eq(roomKickouts.userId, userId), gt(roomKickouts.expiresAt, now)));
  return rows.map((row) => row.roomId);
}
