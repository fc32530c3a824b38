// The live room's stage box, shared by the stage (live-stage.tsx) and the page's skeleton (page.tsx).
/**
 * The stage's size: 16:9 of the column, but no taller than leaves the gift bar under it in the first
 * screen (a 1440 × 900 window shows the room's header, the player and the gift bar; the skeleton in
 * page.tsx reserves the same).
 */
export const STAGE_SIZE = 'aspect-video max-h-[calc(100svh-480px)] min-h-[280px]';
