// The signed-in user as the spec's client keeps it (spec §3 logged-in user), built in one place.
import { z } from 'zod';
import type { DbOrTx } from '@/lib/db';
import { avatarOf } from './avatars';
import { signChatId, userChatId } from './chat-signature';
import { levelIconUrl, levelOf } from './level';

export const loginUserSchema = z.object({
  token: z.string(),
  id: z.number(),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
  avatar: z.string(),
  user_nickname: z.string(),
  level: z.number(),
  exp_icon: z.string(),
  /** Star diamonds. The wallet ledger arrives with the wallet issue; until then every balance is 0. */
  balance: z.number(),
  userSig: z.string(),
});

type UserRow = { id: number; nickname: string; avatar: string; isAnchor: boolean; experience: number };

export async function loginUserFields(db: DbOrTx, user: UserRow, token: string) {
  const level = levelOf(user.experience);
  return {
    token,
    id: user.id,
    is_anchor: user.isAnchor ? (1 as const) : (0 as const),
    avatar: avatarOf(user),
    user_nickname: user.nickname,
    level,
    exp_icon: levelIconUrl(level),
    balance: 0,
    userSig: await signChatId(db, userChatId(user.id)),
  };
}
