// The live room's stage box, shared by the stage (live-stage.tsx) and the page's skeleton (page.tsx).
/**
 * The stage's size: 16:9 of the column, but no taller than leaves the gift bar under it in the first
 * screen (a 1440 × 900 window shows the room's header, the player and the gift bar; the skeleton in
 * page.tsx reserves the same). On a portrait phone 16:9 of the screen's width, pinned at the top.
 */
export const STAGE_SIZE =
  'aspect-video max-h-[calc(100svh-480px)] min-h-[280px] max-md:max-h-[60dvh] max-md:min-h-0';

/**
 * A phone held sideways: the stage fills the screen (danmaku, controls and the gift button in it), over
 * the top bar (z-40) and under the dialogs (z-50), its picture clear of the notch.
 */
export const STAGE_LANDSCAPE =
  'land:fixed land:inset-0 land:z-[45] land:h-dvh land:max-h-none land:min-h-0 land:aspect-auto land:pr-[env(safe-area-inset-right)] land:pl-[env(safe-area-inset-left)]';
