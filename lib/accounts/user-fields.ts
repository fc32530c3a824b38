// The login answer's user fields (spec §3 logged-in user), built in one place.
import { z } from 'zod';
import type { DbOrTx } from '@/lib/db';
import { balancesOf } from '@/lib/wallet/ledger';
import { signChatId, userChatId } from './chat-signature';
import { levelOf } from './level';
import type { SessionUser } from './session';
import { storedUserOf } from './stored-user';

export const loginUserSchema = z.object({
  token: z.string(),
  id: z.number(),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
  avatar: z.string(),
  user_nickname: z.string(),
  level: z.number(),
  exp_icon: z.string(),
  /** Star diamonds, from the wallet ledger. */
  balance: z.number(),
  userSig: z.string(),
});

export async function loginUserFields(db: DbOrTx, user: SessionUser, token: string, now: Date) {
  return {
    ...storedUserOf(user),
    balance: (await balancesOf(db, user.id)).star,
    token,
    level: levelOf(user.experience),
    userSig: await signChatId(db, userChatId(user.id), now.getTime()),
  };
}
