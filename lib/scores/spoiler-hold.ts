// No spoilers (issue 11 item 9): in a live room bound to a match, match events (the goal pop-up, the
// goal line in chat, match-event danmaku) reach the viewer when their video shows the moment, not when
// the data feed does. The player reports how far it plays behind the live edge (FLV ≈ 1 s, HLS ≈ 7 s),
// the anchor sets how far their own source runs behind the feed (`feed_delay_seconds`), and events of the
// bound match are held for the sum. Browser-only state, one room per page; the clock is injected.

export type HoldClock = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const browserClock: HoldClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Delivers each item `delayMs` after it was held, in the order they fall due (an item held later with
 * a shorter delay never overtakes an earlier one: a viewer's delay may shrink while they watch).
 */
export function createHoldQueue<T>(deliver: (item: T) => void, clock: HoldClock = browserClock) {
  const queue: { item: T; due: number }[] = [];
  let timer: unknown = null;
  const arm = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const next = queue[0];
    if (!next) return;
    timer = clock.setTimeout(flush, Math.max(0, next.due - clock.now()));
  };
  const flush = () => {
    timer = null;
    const now = clock.now();
    while (queue[0] && queue[0].due <= now) deliver(queue.shift()!.item);
    arm();
  };
  return {
    hold(item: T, delayMs: number) {
      const due = Math.max(clock.now() + Math.max(0, delayMs), queue.at(-1)?.due ?? 0);
      queue.push({ item, due });
      if (queue.length === 1) arm();
    },
    get size() {
      return queue.length;
    },
    clear() {
      queue.length = 0;
      arm();
    },
  };
}

/** The page's player: seconds it plays behind the live edge (0 when unknown or not live). */
let playbackDelay: () => number = () => 0;
export function reportPlaybackDelay(read: () => number) {
  playbackDelay = read;
  return () => {
    if (playbackDelay === read) playbackDelay = () => 0;
  };
}

type Guard = { matchId: number; feedDelaySeconds: number };
let guard: Guard | null = null;

/** A room bound to a match asks for its events to be held (cleared when the room unmounts). */
export function guardMatch(next: Guard) {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}

/** How long an event of this match waits on this page (ms): 0 unless the room shows that match. */
export function spoilerDelayMs(matchId: number) {
  if (!guard || guard.matchId !== matchId) return 0;
  return Math.round((guard.feedDelaySeconds + Math.max(0, playbackDelay())) * 1000);
}

/** Seconds a <video> plays behind what it has received: the end of its buffer minus where it plays. */
export function bufferedAhead(video: HTMLVideoElement) {
  const ranges = video.buffered;
  if (!ranges.length) return 0;
  return Math.max(0, ranges.end(ranges.length - 1) - video.currentTime);
}

type HeldListener = (goal: { match_id: number } & Record<string, unknown>) => void;
const heldListeners = new Set<HeldListener>();
/** Goals of the guarded match once they are due (the room's chat and danmaku show them). */
export function onHeldGoal(listener: HeldListener) {
  heldListeners.add(listener);
  return () => heldListeners.delete(listener);
}
/** Called when a goal is due on this page; only the guarded match's goals reach the room. */
export function announceHeldGoal(goal: Parameters<HeldListener>[0]) {
  if (!guard || guard.matchId !== goal.match_id) return;
  for (const listener of heldListeners) listener(goal);
}
