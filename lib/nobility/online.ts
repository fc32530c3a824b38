// The live room's online list (spec §5 "VIP seat"): signed-in viewers from the gateway, nobles first.
import { inArray } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { rooms } from '@/lib/realtime/events';
import { viewersIn } from '@/lib/realtime/gateway';
import { nobleTiers } from './service';

export const ONLINE_LIST_MAX = 100;

export async function roomOnlineList(db: DbOrTx, roomId: number, now: Date) {
  const { userIds, guests } = await viewersIn(rooms.liveRoom(roomId));
  const ids = userIds.slice(0, 1000);
  const [rows, tiers] = ids.length
    ? await Promise.all([
        db
          .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
          .from(users)
          .where(inArray(users.id, ids)),
        nobleTiers(db, ids, now),
      ])
    : [[], new Map<number, number>()];
  const list = rows
    .map((row) => ({
      user_id: row.id,
      nickname: row.nickname,
      avatar: avatarOf(row),
      noble: tiers.get(row.id) ?? 0,
    }))
    .sort((a, b) => b.noble - a.noble || a.nickname.localeCompare(b.nickname) || a.user_id - b.user_id)
    .slice(0, ONLINE_LIST_MAX);
  return { guests, list };
}
