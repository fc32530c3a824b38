// Avatar addresses: the choices offered to users (spec §7 `api/user/avatarList`) and the default
// picture of a user who never chose one. Only addresses live here, so pages and the top bar can use
// them without shipping the drawing code; `profile-images.ts` draws them.

/** dicebear styles we draw; the address names them, so the set is part of the public contract. */
export const AVATAR_STYLES = ['adventurer', 'bigSmile', 'thumbs'] as const;
export type AvatarStyle = (typeof AVATAR_STYLES)[number];

/** Fixed seeds: the same list for everyone, stable across releases (stored avatars point at them). */
const CHOICE_SEEDS = [
  'Kickoff',
  'Striker',
  'Keeper',
  'Libero',
  'Winger',
  'Playmaker',
  'Dunk',
  'Rebound',
  'Assist',
  'Buzzer',
  'Derby',
  'Volley',
  'Header',
  'Corner',
  'Hattrick',
  'Overtime',
] as const;

/** Style used for the default picture of users without a chosen avatar. */
const DEFAULT_STYLE: AvatarStyle = 'thumbs';

export function isAvatarStyle(value: string): value is AvatarStyle {
  return (AVATAR_STYLES as readonly string[]).includes(value);
}

export function avatarUrl(style: AvatarStyle, seed: string) {
  return `/api/universal/avatar?${new URLSearchParams({ style, seed })}`;
}

/** The choices, spread over the styles so the grid mixes looks. */
export const AVATAR_CHOICES: readonly string[] = CHOICE_SEEDS.map((seed, index) =>
  avatarUrl(AVATAR_STYLES[index % AVATAR_STYLES.length]!, seed),
);

export function isAvatarChoice(url: string) {
  return AVATAR_CHOICES.includes(url);
}

/** The picture to show for a user: the chosen one, else one drawn from the id (same id, same face). */
export function avatarOf(user: { id: number; avatar: string }) {
  return user.avatar || avatarUrl(DEFAULT_STYLE, `user-${user.id}`);
}
