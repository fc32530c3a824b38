// The signed-in user as the browser keeps it (spec §3), from the server's session user.
import type { StoredUser } from '@/lib/store/atoms';
import { avatarOf } from './avatars';
import { levelIconUrl, levelOf } from './level';
import type { SessionUser } from './session';

export function storedUserOf(
  user: Pick<SessionUser, 'id' | 'nickname' | 'avatar' | 'isAnchor' | 'experience'>,
): Required<StoredUser> {
  const level = levelOf(user.experience);
  return {
    id: user.id,
    user_nickname: user.nickname,
    avatar: avatarOf(user),
    is_anchor: user.isAnchor ? 1 : 0,
    exp_icon: levelIconUrl(level),
    // Filled from the ledger where the session is answered (loginUserFields); 0 until then.
    balance: 0,
  };
}
