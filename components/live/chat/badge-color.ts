// How a chat badge colour (lib/chat/badge-colors.ts, exchanged in the coin shop) frames a name on a
// chat line and in the shop's picker: a tinted pill in the design system's palette, text at AA contrast.
import type { BadgeColor } from '@/lib/chat/badge-colors';

export const BADGE_COLOR_CLASSES: Record<BadgeColor, string> = {
  gold: 'bg-amber-50 text-amber-700 ring-amber-300',
  jade: 'bg-emerald-50 text-emerald-700 ring-emerald-300',
  azure: 'bg-sky-50 text-sky-700 ring-sky-300',
  crimson: 'bg-rose-50 text-rose-700 ring-rose-300',
  violet: 'bg-violet-50 text-violet-700 ring-violet-300',
};

/** The pill classes for a worn colour, or null for an unknown code (an older or removed colour). */
export function badgeColorClass(color: string | undefined | null) {
  const classes = color ? BADGE_COLOR_CLASSES[color as BadgeColor] : undefined;
  return classes ? `rounded px-1 ring-1 ring-inset ${classes}` : null;
}
