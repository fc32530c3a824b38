// Avatars: a user's chosen picture, or a generated one that is stable for the user.
export function avatarOf(user: { id: number; avatar: string }) {
  return user.avatar || `/api/universal/avatar?style=thumbs&seed=${user.id}`;
}
