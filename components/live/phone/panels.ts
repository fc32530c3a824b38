// Where each block of the live room stands on a portrait phone (under 768 px): the room is one fixed
// column under the top bar (components/live/phone/phone-room-frame.tsx) whose wrappers dissolve
// (`max-md:contents`), so every block is a child of that column, ordered and shown by the tab chosen.
// From 768 px up none of these classes applies: the tablet and desktop layouts are untouched.

/** The room's column on a phone: fills the screen under the top bar, the keyboard's edge included. */
export const PHONE_FRAME =
  'group/room max-md:fixed max-md:inset-x-0 max-md:has-[[data-web-fullscreen]]:z-[100] max-md:top-[calc(var(--spacing-topbar)+var(--room-vv-top,0px))] max-md:z-30 max-md:flex max-md:h-[calc(var(--room-vh,100dvh)-var(--spacing-topbar))] max-md:flex-col max-md:space-y-0 max-md:overflow-y-auto max-md:overscroll-contain max-md:bg-canvas max-md:data-[tab=anchor]:gap-2 max-md:data-[tab=anchor]:pb-2 max-md:data-[tab=rank]:gap-2 max-md:data-[tab=rank]:pb-2 max-md:pr-[env(safe-area-inset-right)] max-md:pl-[env(safe-area-inset-left)]';

/** A wrapper whose children stand in the phone's column themselves. */
export const PHONE_DISSOLVE = 'max-md:contents';

/** Blocks of the 聊天 tab (the red-envelope strip, the chat, the action strip), in this order. */
export const CHAT_TAB = {
  strip: 'max-md:order-1 max-md:hidden max-md:shrink-0 max-md:group-data-[tab=chat]/room:flex',
  chat: 'max-md:order-2 max-md:hidden max-md:group-data-[tab=chat]/room:flex',
  actions: 'max-md:order-3 max-md:hidden max-md:group-data-[tab=chat]/room:flex',
} as const;

/**
 * The 主播 tab (anchor, announcement, match, replays, posts, previews) and the 排行 tab (contribution
 * ranking, nobles online): full-width cards in source order, 8 px apart (the frame's gap on those tabs).
 */
export const ANCHOR_TAB =
  'max-md:hidden max-md:shrink-0 max-md:rounded-none max-md:border-x-0 max-md:group-data-[tab=anchor]/room:block';
export const ANCHOR_TAB_FLEX =
  'max-md:hidden max-md:shrink-0 max-md:rounded-none max-md:border-x-0 max-md:group-data-[tab=anchor]/room:flex';
export const RANK_TAB =
  'max-md:hidden max-md:shrink-0 max-md:rounded-none max-md:border-x-0 max-md:group-data-[tab=rank]/room:block';

/** A wrapper of cards that may render nothing: no box on any width, hidden on the other tabs. */
export const ANCHOR_TAB_GROUP = 'contents max-md:hidden max-md:group-data-[tab=anchor]/room:contents';
export const RANK_TAB_GROUP = 'contents max-md:hidden max-md:group-data-[tab=rank]/room:contents';
