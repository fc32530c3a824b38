// Draws the pictures behind avatar and level-badge addresses: dicebear avatars and the level badge
// (spec `exp_icon`). Server code only: the dicebear styles are large and must never ship to browsers.

import { adventurer, bigSmile, thumbs } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import type { AvatarStyle } from './avatars';
import { MAX_LEVEL } from './level';

const STYLES = { adventurer, bigSmile, thumbs } satisfies Record<AvatarStyle, unknown>;

/** Drawing takes a few milliseconds; the choice grid asks for the same 16 pictures all day. */
const drawn = new Map<string, string>();
const DRAWN_LIMIT = 2_000;

export function drawAvatar(style: AvatarStyle, seed: string) {
  const key = `${style}:${seed}`;
  let svg = drawn.get(key);
  if (!svg) {
    svg = createAvatar(STYLES[style] as Parameters<typeof createAvatar>[0], { seed }).toString();
    if (drawn.size >= DRAWN_LIMIT) drawn.clear();
    drawn.set(key, svg);
  }
  return svg;
}

/** Ten levels per tier, each tier its own colour, so a glance tells a newcomer from a veteran. */
const TIER_COLOURS = [
  ['#3ccf91', '#16a06a'],
  ['#5b9bff', '#2d66db'],
  ['#a779ff', '#7444d8'],
  ['#ffa048', '#e0680c'],
  ['#ff6479', '#d02c48'],
  ['#ffd55a', '#d99500'],
] as const;

export function levelTier(level: number) {
  return Math.min(TIER_COLOURS.length - 1, Math.floor((level - 1) / 10));
}

function starPoints(cx: number, cy: number, outer: number, inner: number) {
  return Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * index - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

/** A 44×20 pill: a star on a tier-coloured gradient and the level number. */
export function drawLevelIcon(level: number) {
  const clamped = Math.min(MAX_LEVEL, Math.max(1, Math.trunc(level)));
  const [from, to] = TIER_COLOURS[levelTier(clamped)]!;
  const ink = levelTier(clamped) === TIER_COLOURS.length - 1 ? '#5a3a00' : '#ffffff';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="44" height="20" viewBox="0 0 44 20" role="img">',
    `<title>Lv ${clamped}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="44" height="20" rx="10" fill="url(#g)"/>',
    '<circle cx="10" cy="10" r="7" fill="#ffffff" fill-opacity="0.28"/>',
    `<polygon points="${starPoints(10, 10.4, 5.2, 2.2)}" fill="${ink}"/>`,
    `<text x="29" y="14.2" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="11.5" font-weight="700" fill="${ink}">${clamped}</text>`,
    '</svg>',
  ].join('');
}
